import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeErrorToast, showErrorToast, showSuccessToast, whenToastHostNeeded } from '@/lib/toast';
import { captureToasts } from '@/testing/notifications';

let unregister: (() => void) | undefined;

afterEach(() => {
  unregister?.();
  unregister = undefined;
  // Flush anything still waiting, then leave no host bound.
  captureToasts().release();
});

describe('notification host on first use', () => {
  it('asks for the host when the first toast waits for one, not before', () => {
    const mountHost = vi.fn();
    unregister = whenToastHostNeeded(mountHost);
    expect(mountHost).not.toHaveBeenCalled();

    showSuccessToast('Saved');

    expect(mountHost).toHaveBeenCalledTimes(1);
    const capture = captureToasts();
    expect(capture.toasts.map((t) => t.title)).toEqual(['Saved']);
    capture.release();
  });

  it('asks at once when a toast was already waiting before the app registered', () => {
    showSuccessToast('Saved');
    const mountHost = vi.fn();

    unregister = whenToastHostNeeded(mountHost);

    expect(mountHost).toHaveBeenCalledTimes(1);
  });

  it('does not ask while a host is bound', () => {
    const capture = captureToasts();
    const mountHost = vi.fn();
    unregister = whenToastHostNeeded(mountHost);

    showSuccessToast('Saved');

    expect(mountHost).not.toHaveBeenCalled();
    expect(capture.toasts).toHaveLength(1);
    capture.release();
  });

  it('drops a waiting error toast when the error toast is closed, and keeps a waiting success toast', () => {
    showErrorToast(['Technical server error. Please contact support']);
    showSuccessToast('Saved');

    closeErrorToast();
    const capture = captureToasts();

    expect(capture.toasts.map((t) => t.type)).toEqual(['success']);
    capture.release();
  });
});
