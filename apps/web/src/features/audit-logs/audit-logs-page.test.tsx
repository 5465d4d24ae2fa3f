import { DATE_FORMATS } from '@recon/contract/constants';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import dayjs from 'dayjs';
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
    expect(screen.getByText('07-03-2025 03:04 PM')).toBeTruthy();
    expect(screen.getByText('USER #7')).toBeTruthy();
    expect(lastParams()).toMatchObject({ start: 0, length: 50, draw: 1 });
  });

  it('asks for the last 15 days by default, as the other history pages, and shows that range', async () => {
    renderPage();
    await screen.findByText('Login Failure');

    const params = lastParams();
    expect(dayjs(String(params.fromDate)).format('YYYY-MM-DD')).toBe(dayjs().subtract(15, 'day').format('YYYY-MM-DD'));
    expect(dayjs(String(params.toDate)).format('YYYY-MM-DD')).toBe(dayjs().format('YYYY-MM-DD'));
    expect(screen.getByDisplayValue(dayjs().subtract(15, 'day').format(DATE_FORMATS.display))).toBeTruthy();
    expect(screen.getByDisplayValue(dayjs().format(DATE_FORMATS.display))).toBeTruthy();
  });

  it('names the user of every row, and the system for a row without one', async () => {
    mock.reset();
    const rows = [ROW, { ...ROW, id: 102, event: 'JOB_CREATED', userId: null, userName: null }];
    mock.onGet('/v2/auditlogs').reply(200, { draw: 1, recordsTotal: 2, recordsFiltered: 2, data: rows });
    renderPage();

    expect(await screen.findByText('asha.k')).toBeTruthy();
    expect(screen.getByText('System')).toBeTruthy();
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
