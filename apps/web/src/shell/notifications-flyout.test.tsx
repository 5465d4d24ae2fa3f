import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '@/lib/http';
import { NotificationsFlyout } from '@/shell/notifications-flyout';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { renderRoute } from '@/testing/render';

const mock = new MockAdapter(http);

const alert = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  kind: 'APPROVAL_WAITING',
  kindLabel: 'Approval waiting for me',
  title: `Files of run #${id} (Daily Bank and Gateway Load) wait for your approval`,
  link: '/my-jobs/file-approvals',
  readAt: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...overrides,
});

beforeEach(() => signIn({}, 1));
afterEach(() => mock.reset());

const renderBell = () =>
  renderRoute(
    <WithModule>
      <NotificationsFlyout />
    </WithModule>,
  );

describe('notifications flyout', () => {
  it('shows the unread count on the bell and the latest alerts, and View Details opens one and marks it read', async () => {
    mock.onGet('/v2/notifications/bell').reply(200, {
      unreadCount: 3,
      latest: [alert(41), alert(40, { readAt: '2026-11-27T10:05:00.000Z', kind: 'FILE_REJECTED', link: null })],
    });
    mock.onPut('/v2/notifications/41/read').reply(200, alert(41, { readAt: '2026-11-27T10:06:00.000Z' }));
    const { router } = renderBell();

    const bell = await screen.findByRole('button', { name: 'Notifications (3 unread)' }, { timeout: 5000 });
    expect(bell.closest('.ant-badge')?.textContent).toContain('3');
    await userEvent.click(bell);
    expect(await screen.findByText(/Files of run #41/)).toBeTruthy();
    expect(screen.getByText(/Files of run #40/)).toBeTruthy();
    // The module's header goes with the call: alerts are per module.
    expect(mock.history.get?.[0]?.headers?.['X-Module-Id']).toBe('1');

    await userEvent.click(screen.getByRole('button', { name: /^View Details: Files of run #41/ }));
    await waitFor(() => expect(mock.history.put?.[0]?.url).toBe('/v2/notifications/41/read'));
    expect(router.state.location.pathname).toBe('/my-jobs/file-approvals');
  });

  it('says there are no alerts yet and leads View All to My Jobs › Alerts', async () => {
    mock.onGet('/v2/notifications/bell').reply(200, { unreadCount: 0, latest: [] });
    const { router } = renderBell();

    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No alerts yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'View All' }));
    expect(router.state.location.pathname).toBe('/my-jobs/alerts');
  });
});
