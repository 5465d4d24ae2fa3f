import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileNavigator } from '@/features/downloads/api/initiate-download';
import DownloadListPage from '@/features/downloads/download-list-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);

function row(id: number, status: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    fileName: `Card_recon_Bank_unreconciled_${id}.xlsx`,
    reportType: 'TRANSACTIONS',
    format: 'XLSX',
    scope: 'CONFIGURED_COLUMNS',
    status,
    requestedOn: '2026-11-20T14:05:00.000Z',
    requestedBy: 'operator',
    finishedOn: null,
    rowCount: 1_234_567,
    size: 5 * 1024 * 1024,
    error: null,
    ...overrides,
  };
}

beforeEach(() => signIn({}, 1));
afterEach(() => mock.reset());

function renderPage(path: string) {
  return renderRoute(
    <WithModule>
      <WithAccess codes={['viewRecons', 'dashboards']}>
        <DownloadListPage />
      </WithAccess>
    </WithModule>,
    { path },
  );
}

describe('download pages', () => {
  it("lists the user's transaction downloads, paged on the server, with the spec's status labels", async () => {
    mock.onGet('/v2/dashletdownloads').reply(200, {
      draw: 0,
      recordsTotal: 41,
      recordsFiltered: 41,
      data: [row(9, 'READYFORDOWNLOAD'), row(8, 'FAILED', { error: 'Data source not found', rowCount: null })],
    });
    renderPage('/downloads/transaction-downloads');

    expect(await screen.findByRole('heading', { name: 'Transaction Downloads' })).toBeTruthy();
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('Card_recon_Bank_unreconciled_9.xlsx')).toBeTruthy());
    expect(mock.history.get?.[0]?.params).toMatchObject({
      downloadPage: 'transaction-downloads',
      start: 0,
      length: 50,
    });
    expect(within(table).getByText('Ready')).toBeTruthy();
    expect(within(table).getByText('Failed')).toBeTruthy();
    expect(within(table).getAllByText('Configured columns', { selector: 'td' })).toHaveLength(2);
    expect(within(table).getAllByText('5 MB')).toHaveLength(2);
    expect(within(table).getByText(/^(12,34,567|1,234,567)$/)).toBeTruthy();
    expect(within(table).getAllByText(/^20-11-2026 \d{2}:\d{2} (AM|PM)$/)).toHaveLength(2);
    expect(within(table).getAllByRole('button', { name: /^Download / })).toHaveLength(1);
    expect(screen.getByText('1-41 of 41 items')).toBeTruthy();
  });

  it('reads its report type from the path', async () => {
    mock.onGet('/v2/dashletdownloads').reply(200, { draw: 0, recordsTotal: 0, recordsFiltered: 0, data: [] });
    renderPage('/downloads/dashboard-downloads');

    expect(await screen.findByRole('heading', { name: 'Dashboard Downloads' })).toBeTruthy();
    await waitFor(() => expect(mock.history.get?.[0]?.params).toMatchObject({ downloadPage: 'dashboard-downloads' }));
    expect(screen.queryByRole('columnheader', { name: 'Kind' })).toBeNull();
  });

  it('lists GL exports on Report Downloads beside the reports, each with its kind', async () => {
    mock.onGet('/v2/dashletdownloads').reply(200, {
      draw: 0,
      recordsTotal: 2,
      recordsFiltered: 2,
      data: [
        row(12, 'READYFORDOWNLOAD', {
          fileName: 'Main_GL_ageing_20261127.xlsx',
          reportType: 'GL_REPORT',
          scope: 'ALL_COLUMNS',
        }),
        row(11, 'READYFORDOWNLOAD', { fileName: 'Breaks_by_partner.csv', reportType: 'REPORT', format: 'CSV' }),
      ],
    });
    renderPage('/downloads/report-downloads');

    expect(await screen.findByRole('heading', { name: 'Report Downloads' })).toBeTruthy();
    const gl = (await screen.findByText('Main_GL_ageing_20261127.xlsx')).closest('tr') as HTMLElement;
    expect(mock.history.get?.[0]?.params).toMatchObject({ downloadPage: 'report-downloads' });
    expect(screen.getByRole('columnheader', { name: 'Kind' })).toBeTruthy();
    expect(within(gl).getByText('GL Report')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Columns' })).toBeNull();
    const report = screen.getByText('Breaks_by_partner.csv').closest('tr') as HTMLElement;
    expect(within(report).getByText('Report')).toBeTruthy();
  });

  it('downloads a ready file with a one-time token', async () => {
    const open = vi.spyOn(fileNavigator, 'open').mockImplementation(() => undefined);
    mock
      .onGet('/v2/dashletdownloads')
      .reply(200, { draw: 0, recordsTotal: 1, recordsFiltered: 1, data: [row(9, 'DOWNLOADED')] });
    mock.onGet('/v2/dashletdownloads/downloadInitiate/9').reply(200, { token: 'abc' });
    renderPage('/downloads/transaction-downloads');

    await userEvent.click(await screen.findByRole('button', { name: 'Download Card_recon_Bank_unreconciled_9.xlsx' }));

    await waitFor(() => expect(open).toHaveBeenCalledWith('/web/v2/dashletdownloads/download?token=abc'));
    open.mockRestore();
  });
});
