import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TransactionsTabView } from '@/features/transactions/components/transactions-tab-view';
import { choiceOfParams, resolvePeriod, withChoice } from '@/features/transactions/period';
import { page, type Routes, routeTransactions } from '@/features/transactions/testing/fixtures';
import { readPeriodMemory, writePeriodMemory } from '@/features/transactions/transactions-cache';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { renderRoute, WithAccess } from '@/testing/render';

const PERIODS = {
  latestRun: { fromDate: '2026-11-10', toDate: '2026-11-14', jobExecutionId: 7 },
  wholeFile: { fromDate: '2026-11-01', toDate: '2026-11-20', fileNames: ['bank_nov.csv', 'pg_nov.csv'] },
};
const NOTHING = { latestRun: null, wholeFile: null };
const TODAY = dayjs('2026-11-27');

describe('resolving a period', () => {
  it("covers the latest run's days, the latest files' days, or this month", () => {
    expect(resolvePeriod({ preset: 'latestRun' }, PERIODS, 15, TODAY)).toEqual({
      preset: 'latestRun',
      range: ['2026-11-10', '2026-11-14'],
    });
    expect(resolvePeriod({ preset: 'wholeFile' }, PERIODS, 15, TODAY)?.range).toEqual(['2026-11-01', '2026-11-20']);
    expect(resolvePeriod({ preset: 'thisMonth' }, undefined, 15, TODAY)?.range).toEqual(['2026-11-01', '2026-11-30']);
    expect(resolvePeriod({ preset: 'custom', from: '2026-09-01', to: '2026-09-30' }, undefined, 15, TODAY)).toEqual({
      preset: 'custom',
      range: ['2026-09-01', '2026-09-30'],
    });
  });

  it("waits for the recon's periods, and falls back to the files, then to the last 15 days, when nothing ran", () => {
    expect(resolvePeriod({ preset: 'latestRun' }, undefined, 15, TODAY)).toBeNull();
    expect(resolvePeriod({ preset: 'latestRun' }, { ...PERIODS, latestRun: null }, 15, TODAY)).toEqual({
      preset: 'wholeFile',
      range: ['2026-11-01', '2026-11-20'],
    });
    expect(resolvePeriod({ preset: 'latestRun' }, NOTHING, 15, TODAY)).toEqual({
      preset: 'custom',
      range: ['2026-11-12', '2026-11-27'],
    });
  });

  it("is written in the URL next to the page's other params, and read back; nonsense is no choice", () => {
    const params = withChoice(new URLSearchParams('row=5'), { preset: 'custom', from: '2026-09-01', to: '2026-09-30' });
    expect(params.toString()).toBe('row=5&period=custom&from=2026-09-01&to=2026-09-30');
    expect(choiceOfParams(params)).toEqual({ preset: 'custom', from: '2026-09-01', to: '2026-09-30' });
    expect(withChoice(params, { preset: 'wholeFile' }).toString()).toBe('row=5&period=wholeFile');
    expect(choiceOfParams(new URLSearchParams('period=custom&from=2026-09-30&to=2026-09-01'))).toBeNull();
    expect(choiceOfParams(new URLSearchParams('period=someday'))).toBeNull();
  });
});

const mock = new MockAdapter(http);
let routes: Routes = {};
beforeEach(() => {
  signIn({}, 1);
  routes = {};
  routes.Periods = () => [200, PERIODS];
  routes.ByTab = () => [200, page([])];
  routeTransactions(mock, routes);
});
afterEach(() => {
  mock.reset();
  localStorage.clear();
});

type Tab = Parameters<typeof TransactionsTabView>[0]['tab'];
function renderTab(tab: Tab, initialEntry?: string) {
  return renderRoute(
    <WithModule>
      <WithAccess codes={['allTransactions', 'reconciledTransaction', 'unReconciledTransaction']}>
        <TransactionsTabView tab={tab} />
      </WithAccess>
    </WithModule>,
    { path: `/transactions/recon/${tab}`, initialEntry },
  );
}

const calls = (find: string) =>
  (mock.history.get ?? []).filter((r) => r.url === '/v2/transactions' && r.params?.Find === find);
const lastRows = () => calls('ByTab').at(-1)?.params as Record<string, unknown>;

describe('the Recon section period', { timeout: 60_000 }, () => {
  it("opens on the latest run's days, says so in the URL, and counts each side's rows in them", async () => {
    routes.ByTabCount = (params) => [
      200,
      params.dataSourceId === 11
        ? { recordsTotal: 1234, recordsFiltered: 1234 }
        : { recordsTotal: 56, recordsFiltered: 56 },
    ];
    const { router } = renderTab('reconciled');

    await waitFor(() => expect(lastRows()).toMatchObject({ fromDate: '2026-11-10', toDate: '2026-11-14' }), {
      timeout: 10_000,
    });
    // No call went out for another window first.
    expect(calls('ByTab').every((c) => c.params.fromDate === '2026-11-10')).toBe(true);
    expect(router.state.location.search).toBe('?period=latestRun');
    const presets = screen.getByRole('radiogroup', { name: 'Period' });
    expect(within(presets).getByRole('radio', { name: 'Latest run' })).toHaveProperty('checked', true);
    // Each preset says which days (and files) it stands for.
    expect(within(presets).getByTitle('10-11-2026 – 14-11-2026')).toBeTruthy();
    expect(within(presets).getByTitle('bank_nov.csv, pg_nov.csv: 01-11-2026 – 20-11-2026')).toBeTruthy();
    expect(await screen.findByTitle('Rows in the period: 1,234', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTitle('Rows in the period: 56')).toBeTruthy();
    expect(calls('ByTabCount').map((c) => [c.params.dataSourceId, c.params.fromDate, c.params.toDate])).toEqual(
      expect.arrayContaining([
        [11, '2026-11-10', '2026-11-14'],
        [12, '2026-11-10', '2026-11-14'],
      ]),
    );
  });

  it('changes every tab with a preset: the next tab opens on the period chosen in this one', async () => {
    const first = renderTab('reconciled');
    await waitFor(() => expect(lastRows()).toMatchObject({ fromDate: '2026-11-10' }), { timeout: 10_000 });

    await userEvent.click(screen.getByText('Whole file'));

    await waitFor(() => expect(lastRows()).toMatchObject({ fromDate: '2026-11-01', toDate: '2026-11-20' }), {
      timeout: 10_000,
    });
    expect(first.router.state.location.search).toBe('?period=wholeFile');
    expect(readPeriodMemory(1)).toEqual({ preset: 'wholeFile' });
    first.unmount();

    // Another tab, opened from the menu (no period in its URL).
    const second = renderTab('unreconciled');
    await waitFor(
      () => expect(lastRows()).toMatchObject({ tab: 'unreconciled', fromDate: '2026-11-01', toDate: '2026-11-20' }),
      { timeout: 10_000 },
    );
    expect(second.router.state.location.search).toBe('?period=wholeFile');
  });

  it("keeps a linked custom range over the module's last choice, and makes it the module's choice", async () => {
    writePeriodMemory(1, { preset: 'thisMonth' });
    renderTab('all', '/transactions/recon/all?period=custom&from=2026-09-01&to=2026-09-30');

    await waitFor(() => expect(lastRows()).toMatchObject({ fromDate: '2026-09-01', toDate: '2026-09-30' }), {
      timeout: 10_000,
    });
    expect(screen.getByRole('radio', { name: 'Custom range' })).toHaveProperty('checked', true);
    await waitFor(() =>
      expect(readPeriodMemory(1)).toEqual({ preset: 'custom', from: '2026-09-01', to: '2026-09-30' }),
    );
  });

  it('offers no run preset for a recon with nothing loaded, and shows the last 15 days', async () => {
    routes.Periods = () => [200, NOTHING];
    renderTab('all');

    await waitFor(
      () =>
        expect(lastRows()).toMatchObject({
          fromDate: dayjs().subtract(15, 'day').format('YYYY-MM-DD'),
          toDate: dayjs().format('YYYY-MM-DD'),
        }),
      { timeout: 10_000 },
    );
    expect(screen.getByRole('radio', { name: 'Latest run' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: 'Whole file' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: 'Custom range' })).toHaveProperty('checked', true);
  });
});
