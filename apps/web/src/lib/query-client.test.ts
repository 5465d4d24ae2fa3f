import { CanceledError } from 'axios';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
