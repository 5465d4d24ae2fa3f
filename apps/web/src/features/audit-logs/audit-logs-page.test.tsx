import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import AuditLogsPage from '@/features/audit-logs/audit-logs-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { renderRoute } from '@/testing/render';

const mock = new MockAdapter(http);

const ROW = {
  id: 101,
  occurredAt: '2025-03-07T15:04:00',
  event: 'LOGIN_FAILURE',
  outcome: 'FAILURE',
  userId: 7,
  userName: 'asha.k',
  moduleId: null,
  entityType: 'USER',
  entityId: '7',
  ip: '10.0.0.8',
  requestId: 'req-42',
  details: { reason: 'BAD_CREDENTIALS' },
};

beforeEach(() => {
  signIn({}, 1);
  mock.onGet('/v2/auditlogs').reply(200, { draw: 1, recordsTotal: 125, recordsFiltered: 125, data: [ROW] });
});
afterEach(() => mock.reset());

function renderPage(initialEntry = '/settings/audit-logs') {
  return renderRoute(
    <WithModule>
      <AuditLogsPage />
    </WithModule>,
    { path: '/settings/audit-logs', initialEntry },
  );
}

const lastParams = () => mock.history.get?.at(-1)?.params as Record<string, unknown>;

describe('audit logs page', () => {
  it('asks the server for the first page in the brand page size and shows the rows', async () => {
    renderPage();

    expect(await screen.findByText('Login Failure')).toBeTruthy();
    expect(screen.getByText('07/03/25 03:04PM')).toBeTruthy();
    expect(screen.getByText('USER #7')).toBeTruthy();
    expect(lastParams()).toMatchObject({ start: 0, length: 50, draw: 1 });
  });

  it('pages on the server and keeps the page in the URL', async () => {
    const { router } = renderPage();
    await screen.findByText('Login Failure');

    await userEvent.click(screen.getByTitle('2'));

    await waitFor(() => expect(lastParams()).toMatchObject({ start: 50, length: 50 }));
    expect(router.state.location.search).toContain('page=2');
  });

  it('sends the filters of the URL, dates as the whole days chosen', async () => {
    renderPage('/settings/audit-logs?outcome=FAILURE&event=LOGIN_FAILURE&userName=asha&from=2025-03-01&to=2025-03-07');

    await screen.findByText('Login Failure');

    const params = lastParams();
    expect(params).toMatchObject({ outcome: 'FAILURE', event: 'LOGIN_FAILURE', userName: 'asha' });
    expect(new Date(String(params.fromDate)).getDate()).toBe(1);
    expect(new Date(String(params.toDate)).getHours()).toBe(23);
  });

  it('shows the recorded details when a row is expanded', async () => {
    renderPage();
    await screen.findByText('Login Failure');

    await userEvent.click(screen.getByRole('button', { name: /expand row/i }));

    expect(await screen.findByText('BAD_CREDENTIALS')).toBeTruthy();
    expect(screen.getByText('req-42')).toBeTruthy();
  });

  it('shows No Data available when nothing matches', async () => {
    mock.reset();
    mock.onGet('/v2/auditlogs').reply(200, { draw: 1, recordsTotal: 0, recordsFiltered: 0, data: [] });
    renderPage();

    expect(await screen.findByText('No Data available')).toBeTruthy();
  });
});
