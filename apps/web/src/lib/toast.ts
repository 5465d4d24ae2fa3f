import { TOAST_DURATION_MS, TOAST_ERROR_DURATION_MS } from '@recon/contract/constants';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { createElement } from 'react';

/** One fixed key: a second error while one is showing is not stacked on top of it. */
export const ERROR_TOAST_KEY = 'global-error-toast';

type NotificationApi = Pick<NotificationInstance, 'error' | 'success' | 'destroy'>;
type Show = (api: NotificationApi) => void;
type Pending = { show: Show; isError: boolean };

/*
 * The notification component is not part of the first load: the app mounts it lazily, on the first toast
 * asked for, and binds it here. A toast asked for before that waits in a queue until the host is bound.
 */
let boundApi: NotificationApi | null = null;
const pending: Pending[] = [];
let isErrorToastShowing = false;
let releaseTimer: ReturnType<typeof setTimeout> | undefined;
/** Told when a toast waits for a host: the app mounts its notification host only then (first use). */
let onHostNeeded: (() => void) | null = null;

function withApi(show: Show, isError = false): void {
  if (boundApi) {
    show(boundApi);
    return;
  }
  pending.push({ show, isError });
  onHostNeeded?.();
}

/**
 * Registers what mounts the notification host when the first toast is asked for (called at once if one
 * already waits). Answers the unregister function.
 */
export function whenToastHostNeeded(mountHost: () => void): () => void {
  onHostNeeded = mountHost;
  if (pending.length > 0) mountHost();
  return () => {
    if (onHostNeeded === mountHost) onHostNeeded = null;
  };
}

/** Binds the themed notification API; pass null when its host unmounts. */
export function bindNotificationApi(api: NotificationApi | null): void {
  boundApi = api;
  if (!api) return;
  for (const { show } of pending.splice(0)) show(api);
}

function releaseErrorToast(): void {
  isErrorToastShowing = false;
  if (releaseTimer) clearTimeout(releaseTimer);
  releaseTimer = undefined;
}

/**
 * Shows the error toast (bottom left, 10 s) unless one is already showing. Several messages (a 400's
 * field errors) share the one toast, one line each. Answers whether a toast was shown.
 */
export function showErrorToast(messages: readonly string[]): boolean {
  const lines = messages.filter((m) => m.trim().length > 0);
  if (isErrorToastShowing || lines.length === 0) return false;
  isErrorToastShowing = true;
  // onClose is the normal release; the timer covers a notice removed without it (destroyed on logout).
  releaseTimer = setTimeout(releaseErrorToast, TOAST_ERROR_DURATION_MS + 500);
  const [first, ...rest] = lines;
  const description =
    rest.length > 0
      ? createElement('div', null, ...rest.map((line) => createElement('div', { key: line }, line)))
      : undefined;
  withApi(
    (api) =>
      api.error({
        key: ERROR_TOAST_KEY,
        title: first,
        description,
        placement: 'bottomLeft',
        duration: TOAST_ERROR_DURATION_MS / 1000,
        onClose: releaseErrorToast,
      }),
    true,
  );
  return true;
}

export function closeErrorToast(): void {
  boundApi?.destroy(ERROR_TOAST_KEY);
  // An error toast still waiting for the host is closed too: it must not appear once the host arrives.
  for (let i = pending.length - 1; i >= 0; i -= 1) if (pending[i]?.isError) pending.splice(i, 1);
  releaseErrorToast();
}

/** Success toast: top right, 2.5 s. */
export function showSuccessToast(text: string): void {
  withApi((api) => api.success({ title: text, placement: 'topRight', duration: TOAST_DURATION_MS / 1000 }));
}
