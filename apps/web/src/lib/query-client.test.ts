import { AxiosError, type AxiosRequestConfig, CanceledError, type InternalAxiosRequestConfig } from 'axios';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { createQueryClient, notifyHttpError } from '@/lib/query-client';
import { ERROR_TOAST_KEY, showSuccessToast } from '@/lib/toast';
import { signIn } from '@/testing/fixtures';
import { captureToasts, type ShownToast } from '@/testing/notifications';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

beforeEach(() => {
  capture = captureToasts();
});

afterEach(() => {
  vi.useRealTimers();
  capture.release();
  mock.reset();
});

async function failingQuery(meta?: { isGlobalErrorSkipped?: boolean }): Promise<void> {
  const client = createQueryClient();
  await client
    .fetchQuery({
      queryKey: ['x', Math.random()],
      queryFn: () => http.get('/v2/fails'),
      retry: false,
      meta,
    })
    .catch(() => undefined);
  // The toast is shown after the body is read (bodies may be blobs).
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('global error toasts', () => {
  it('shows the catalogue text bottom-left for 10 s with the fixed key when a query fails', async () => {
    signIn();
    mock.onGet('/v2/fails').reply(500, [{ message: 'boom', code: 'INTERNAL' }]);

    await failingQuery();

    expect(capture.toasts).toHaveLength(1);
    expect(capture.toasts[0]).toMatchObject({
      type: 'error',
      title: 'Technical server error. Please contact support',
      key: ERROR_TOAST_KEY,
      placement: 'bottomLeft',
      duration: 10,
    });
  });

  it('does not repeat the error toast while one is showing, and shows the next once it closed', async () => {
    await notifyHttpError(new Error('first'));
    await notifyHttpError(new Error('second'));
    expect(capture.toasts).toHaveLength(1);

    (capture.toasts[0] as ShownToast).onClose?.();
    await notifyHttpError(new Error('third'));

    expect(capture.toasts).toHaveLength(2);
  });

  it('shows no toast for a 403', async () => {
    signIn();
    mock.onGet('/v2/fails').reply(403, [{ message: 'Forbidden', code: 'FORBIDDEN' }]);

    await failingQuery();

    expect(capture.toasts).toHaveLength(0);
  });

  it('shows no toast for a call cancelled for lack of a token', async () => {
    await notifyHttpError(new CanceledError('no_token'));
    expect(capture.toasts).toHaveLength(0);
  });

  it('leaves the failure to the caller when a query opts out', async () => {
    signIn();
    mock.onGet('/v2/fails').reply(500, []);

    await failingQuery({ isGlobalErrorSkipped: true });

    expect(capture.toasts).toHaveLength(0);
  });

  it("shows a mutation's success message top-right for 2.5 s", async () => {
    const client = createQueryClient();
    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => 'ok', meta: { successMessage: 'Module successfully created' } })
      .execute(undefined);

    expect(capture.toasts).toEqual([
      expect.objectContaining({
        type: 'success',
        title: 'Module successfully created',
        placement: 'topRight',
        duration: 2.5,
      }),
    ]);
  });

  it('keeps a toast asked for before the notification host mounted and shows it once bound', () => {
    capture.release();
    showSuccessToast('Saved');
    expect(capture.toasts).toHaveLength(0);

    capture = captureToasts();

    expect(capture.toasts.map((t) => t.title)).toEqual(['Saved']);
  });
});

describe('retries of failed queries', () => {
  /** Starts a query with the app's own defaults; its state reads 'failed' once it has failed. */
  function startQuery(): { state: 'pending' | 'answered' | 'failed' } {
    const query: { state: 'pending' | 'answered' | 'failed' } = { state: 'pending' };
    void createQueryClient()
      .fetchQuery({ queryKey: ['x', Math.random()], queryFn: () => http.get('/v2/fails') })
      .then(
        () => {
          query.state = 'answered';
        },
        () => {
          query.state = 'failed';
        },
      );
    return query;
  }

  it('asks once for a 500 and shows its error and toast at once, not after retries', async () => {
    vi.useFakeTimers();
    signIn();
    mock.onGet('/v2/fails').reply(500, [{ message: 'boom', code: 'INTERNAL' }]);

    const outcome = startQuery();
    await vi.advanceTimersByTimeAsync(0);

    expect(outcome.state).toBe('failed');
    expect(mock.history.get).toHaveLength(1);
    expect(capture.toasts.map((t) => t.title)).toEqual(['Technical server error. Please contact support']);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(mock.history.get).toHaveLength(1);
  });

  it('asks once for any other answer with a status (503, 404)', async () => {
    vi.useFakeTimers();
    signIn();
    mock.onGet('/v2/fails').replyOnce(503, []).onGet('/v2/fails').replyOnce(404, []);

    const first = startQuery();
    await vi.advanceTimersByTimeAsync(0);
    const second = startQuery();
    await vi.advanceTimersByTimeAsync(0);

    expect(first.state).toBe('failed');
    expect(second.state).toBe('failed');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(mock.history.get).toHaveLength(2);
  });

  it("keeps the spec's retries for no answer: 3 more tries 200 ms apart, then status 0 at once", async () => {
    vi.useFakeTimers();
    signIn();
    mock.onGet('/v2/fails').reply((config: AxiosRequestConfig) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config as InternalAxiosRequestConfig);
    });

    const outcome = startQuery();
    await vi.advanceTimersByTimeAsync(0);
    expect(mock.history.get).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(600);

    expect(outcome.state).toBe('failed');
    expect(mock.history.get).toHaveLength(4);
    expect(capture.toasts.map((t) => t.title)).toEqual(['Network Error, Pls try after some time']);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(mock.history.get).toHaveLength(4);
  });
});
