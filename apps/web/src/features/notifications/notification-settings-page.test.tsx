import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import NotificationSettingsPage from '@/features/notifications/notification-settings-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const PREFERENCES = [
  { kind: 'EXECUTION_FAILED', kindLabel: 'Job execution failed', inApp: true, email: false },
  { kind: 'APPROVAL_WAITING', kindLabel: 'Approval waiting for me', inApp: true, email: false },
  { kind: 'FILE_REJECTED', kindLabel: 'File rejected', inApp: true, email: false },
  { kind: 'TICKET_ASSIGNED', kindLabel: 'Ticket assigned to me', inApp: true, email: false },
  { kind: 'SLA_BREACHED', kindLabel: 'SLA breached', inApp: true, email: false },
];

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
});
afterEach(() => {
  capture.release();
  mock.reset();
});

describe('notification settings page', () => {
  it('saves each kind’s choice in the app and by mail for the selected product', async () => {
    mock.onGet('/v2/notification-preferences').reply(200, { data: PREFERENCES });
    mock.onPut('/v2/notification-preferences').reply((config) => {
      const sent = JSON.parse(config.data).preferences as { kind: string; inApp: boolean; email: boolean }[];
      return [200, { data: PREFERENCES.map((p) => ({ ...p, ...sent.find((s) => s.kind === p.kind) })) }];
    });
    renderRoute(
      <WithModule>
        <WithAccess codes={['notifications']}>
          <NotificationSettingsPage />
        </WithAccess>
      </WithModule>,
    );

    expect(await screen.findByText(/reach you in Payments/, {}, { timeout: 5000 })).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    await userEvent.click(await screen.findByRole('switch', { name: 'Approval waiting for me: By mail' }));
    await userEvent.click(screen.getByRole('switch', { name: 'SLA breached: In the app' }));
    await userEvent.click(save);

    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    const body = JSON.parse(mock.history.put?.[0]?.data ?? '{}');
    expect(body.preferences).toContainEqual({ kind: 'APPROVAL_WAITING', inApp: true, email: true });
    expect(body.preferences).toContainEqual({ kind: 'SLA_BREACHED', inApp: false, email: false });
    expect(mock.history.put?.[0]?.headers?.['X-Module-Id']).toBe('1');
    await waitFor(() =>
      expect(capture.toasts).toContainEqual(
        expect.objectContaining({ type: 'success', title: 'Notification settings saved' }),
      ),
    );
    expect(screen.getByRole('switch', { name: 'Approval waiting for me: By mail' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true));
  });
});
