import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Layout } from 'antd';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadsRefreshInterval } from '@/features/downloads/api/get-downloads';
import { fileNavigator } from '@/features/downloads/api/initiate-download';
import { http } from '@/lib/http';
import { DownloadsMenu } from '@/shell/downloads-menu';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);

/** Moves the fake clock on, with React's updates flushed. */
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function download(id: number, status: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    fileName: `Bank_recon_Bank_all_2026110${id}_093000.csv`,
    reportType: 'TRANSACTIONS',
    format: 'CSV',
    scope: 'ALL_COLUMNS',
    status,
    requestedOn: '2026-11-21T09:30:00.000Z',
    requestedBy: 'operator',
    finishedOn: null,
    rowCount: null,
    size: null,
    error: null,
    ...overrides,
  };
}
const listOf = (rows: unknown[]) => ({ draw: 0, recordsTotal: rows.length, recordsFiltered: rows.length, data: rows });

beforeEach(() => {
  signIn({}, 1);
  mock.onGet('/v2/dashletdownloads').reply(200, listOf([]));
});
afterEach(() => {
  vi.useRealTimers();
  mock.reset();
});

function renderMenu(codes: string[], isCollapsed: boolean) {
  return renderRoute(
    <WithModule>
      <WithAccess codes={codes}>
        <DownloadsMenu isCollapsed={isCollapsed} />
      </WithAccess>
    </WithModule>,
    { path: '/settings/audit-logs' },
  );
}

const trigger = () => screen.getByRole('button', { name: /^Downloads/ });

describe('downloads dropdown', () => {
  it('lists only the downloads the user may see when clicked in the expanded sidebar', async () => {
    renderMenu(['dashboards', 'reportExecutions', 'recons'], false);

    await userEvent.click(trigger());

    expect(await screen.findByText('Dashboard Downloads')).toBeTruthy();
    expect(screen.getByText('Report Downloads')).toBeTruthy();
    expect(screen.getByText('Transaction Downloads')).toBeTruthy();
    expect(screen.queryByText('Approval Downloads')).toBeNull();
    expect(screen.queryByText('BRS Report Downloads')).toBeNull();
  });

  it('goes to the download list of the chosen entry', async () => {
    const { router } = renderMenu(['brsReport'], false);

    await userEvent.click(trigger());
    await userEvent.click(await screen.findByText('BRS Report Downloads'));

    expect(router.state.location.pathname).toBe('/downloads/brs-report-downloads');
  });

  it('shows the latest 6 downloads with their status and time, and a badge counting the SUBMITTED ones', async () => {
    mock
      .onGet('/v2/dashletdownloads')
      .reply(
        200,
        listOf([
          download(6, 'SUBMITTED'),
          download(5, 'SUBMITTED'),
          download(4, 'INPROCESS'),
          download(3, 'READYFORDOWNLOAD'),
          download(2, 'FAILED', { error: 'Data source not found' }),
          download(1, 'DOWNLOADED'),
        ]),
      );
    renderMenu(['viewRecons'], false);

    await waitFor(() => expect(trigger().textContent).toContain('2'));
    expect(mock.history.get?.[0]?.params).toEqual({ maxResults: 6 });
    await userEvent.click(trigger());

    const list = await screen.findByRole('list', { name: 'Latest downloads' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByText(/Submitted|In Process|Ready|Failed|Downloaded/).textContent)).toEqual([
      'Submitted',
      'Submitted',
      'In Process',
      'Ready',
      'Failed',
      'Downloaded',
    ]);
    expect(within(items[0] as HTMLElement).getByText(/^21-11-2026 \d{2}:\d{2} (AM|PM)$/)).toBeTruthy();
    // Only a ready (or already downloaded) file can be fetched.
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([`Download ${download(3, '').fileName}`, `Download ${download(1, '').fileName}`]);
  });

  it('asks again while a download is SUBMITTED or INPROCESS, and no more once none is', () => {
    expect(downloadsRefreshInterval([{ status: 'SUBMITTED' }, { status: 'FAILED' }])).toBe(3000);
    expect(downloadsRefreshInterval([{ status: 'INPROCESS' }])).toBe(3000);
    expect(downloadsRefreshInterval([{ status: 'READYFORDOWNLOAD' }, { status: 'DOWNLOADED' }])).toBe(false);
  });

  it('downloads a ready entry: one-time token, the browser goes to the file, and a toast says so', async () => {
    const { toasts, release } = captureToasts();
    const open = vi.spyOn(fileNavigator, 'open').mockImplementation(() => undefined);
    mock.onGet('/v2/dashletdownloads').reply(200, listOf([download(3, 'READYFORDOWNLOAD')]));
    mock.onGet('/v2/dashletdownloads/downloadInitiate/3').reply(200, { token: 'tok/en+1' });
    renderMenu(['viewRecons'], false);

    await userEvent.click(trigger());
    await userEvent.click(await screen.findByRole('button', { name: `Download ${download(3, '').fileName}` }));

    await waitFor(() => expect(open).toHaveBeenCalledWith('/web/v2/dashletdownloads/download?token=tok%2Fen%2B1'));
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Your Download will start shortly'));
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    open.mockRestore();
    release();
  });

  it('closes 150 ms after the pointer leaves', async () => {
    renderMenu(['dashboards'], false);
    await userEvent.click(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('true');

    vi.useFakeTimers();
    fireEvent.mouseLeave(trigger());
    advance(149);
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    advance(1);

    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('opens on hover when the sidebar is collapsed', async () => {
    renderMenu(['dashboards'], true);

    fireEvent.mouseEnter(trigger());

    await waitFor(() => expect(trigger().getAttribute('aria-expanded')).toBe('true'));
  });

  it('names its entries in full, not by their first letters, inside the collapsed sidebar', async () => {
    renderRoute(
      <WithModule>
        <WithAccess codes={['dashboards', 'recons']}>
          <Layout.Sider collapsed>
            <DownloadsMenu isCollapsed />
          </Layout.Sider>
        </WithAccess>
      </WithModule>,
      { path: '/settings/audit-logs' },
    );

    fireEvent.mouseEnter(trigger());

    const entries = await screen.findAllByRole('menuitem');
    expect(entries.map((e) => e.textContent)).toEqual(['Dashboard Downloads', 'Transaction Downloads']);
  });

  it('does not open on hover when the sidebar is expanded', async () => {
    renderMenu(['dashboards'], false);
    vi.useFakeTimers();

    fireEvent.mouseEnter(trigger());
    // Past any hover delay: the collapsed sidebar's menu would be open by now.
    advance(1_000);

    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('is absent, and asks for nothing, for a user without any download privilege', async () => {
    const { client } = renderMenu(['auditLogs'], false);
    expect(screen.queryByRole('button', { name: /^Downloads/ })).toBeNull();
    // A query the menu started would be fetching from its first render on.
    expect(client.isFetching()).toBe(0);
    expect(mock.history.get ?? []).toHaveLength(0);
  });
});
