import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import AlertsPage from '@/features/notifications/alerts-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const alert = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  kind: 'EXECUTION_FAILED',
  kindLabel: 'Job execution failed',
  title: `Run #${id} of Daily Bank and Gateway Load failed: Bank file unreadable`,
  link: `/operations/history/execution-history?executionId=${id}`,
  readAt: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
});
afterEach(() => {
  capture.release();
  mock.reset();
});

const renderPage = () =>
  renderRoute(
    <WithModule>
      <WithAccess codes={['notificationCenter']}>
        <AlertsPage />
      </WithAccess>
    </WithModule>,
    { path: '/my-jobs/alerts', initialEntry: '/my-jobs/alerts' },
  );

const rowOf = (text: RegExp) => screen.getByText(text).closest('tr') as HTMLElement;

describe('alerts page', () => {
  it('lists the alerts with read and unread, pages on the server and filters the unread ones', async () => {
    mock.onGet('/v2/notifications').reply((config) => {
      const unreadOnly = config.params?.unreadOnly === 'true';
      const rows = unreadOnly ? [alert(41)] : [alert(41), alert(40, { readAt: '2026-11-27T10:05:00.000Z' })];
      return [200, { data: rows, recordsTotal: unreadOnly ? 1 : 60, unreadCount: 1 }];
    });
    renderPage();

    expect(await screen.findByText(/Run #41 of/, {}, { timeout: 5000 })).toBeTruthy();
    expect(within(rowOf(/Run #41 of/)).getByText('Unread')).toBeTruthy();
    expect(within(rowOf(/Run #40 of/)).getByText('Read')).toBeTruthy();
    expect(within(rowOf(/Run #40 of/)).queryByRole('button', { name: 'Mark read' })).toBeNull();
    expect(mock.history.get?.[0]?.params).toMatchObject({ start: 0, length: 50 });
    expect(screen.getByRole('listitem', { name: '2' })).toBeTruthy();

    await userEvent.click(screen.getByText('Unread (1)'));
    await waitFor(() => expect(mock.history.get?.at(-1)?.params).toMatchObject({ unreadOnly: 'true', start: 0 }));
    await waitFor(() => expect(screen.queryByText(/Run #40 of/)).toBeNull());
  });

  it('opens an alert’s link and marks it read; marks one or all read', async () => {
    let isAllRead = false;
    mock.onGet('/v2/notifications').reply(() => [
      200,
      {
        data: [alert(41, isAllRead ? { readAt: '2026-11-27T10:09:00.000Z' } : {}), alert(42)],
        recordsTotal: 2,
        unreadCount: isAllRead ? 0 : 2,
      },
    ]);
    mock.onPut('/v2/notifications/42/read').reply(200, alert(42, { readAt: '2026-11-27T10:06:00.000Z' }));
    mock.onPut('/v2/notifications/41/read').reply(200, alert(41, { readAt: '2026-11-27T10:06:00.000Z' }));
    mock.onPut('/v2/notifications/read-all').reply(() => {
      isAllRead = true;
      return [200, { updated: 2 }];
    });
    const { router } = renderPage();

    await userEvent.click(await screen.findByRole('button', { name: /Mark all read/ }, { timeout: 5000 }));
    await waitFor(() => expect(mock.history.put?.map((r) => r.url)).toEqual(['/v2/notifications/read-all']));
    await waitFor(() =>
      expect(capture.toasts).toContainEqual(
        expect.objectContaining({ type: 'success', title: 'Every alert is marked read' }),
      ),
    );
    await waitFor(() => expect(within(rowOf(/Run #41 of/)).getByText('Read')).toBeTruthy());

    await userEvent.click(within(rowOf(/Run #42 of/)).getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(mock.history.put?.map((r) => r.url)).toContain('/v2/notifications/42/read'));

    await userEvent.click(within(rowOf(/Run #42 of/)).getByRole('button', { name: /^View Details/ }));
    expect(router.state.location.pathname).toBe('/operations/history/execution-history');
    expect(router.state.location.search).toBe('?executionId=42');
  });
});
