import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MatchWorkbench } from '@/features/transactions/components/match-workbench';
import { page, RECON, type Routes, routeTransactions, row } from '@/features/transactions/testing/fixtures';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);

const A_ROWS = [
  row(101, { reference: 'BNK0000101', value_date: '2026-10-05', amount: '1000.0000', balance: '1.0000' }),
  row(102, { reference: 'BNK0000102', value_date: '2026-10-04', amount: '500.2500', balance: '1.0000' }),
];
const B_ROWS = [row(301, { utr: 'UTR301', settlement_date: '2026-10-05', net_amount: '1500.2500' })];

const MAPPING = {
  reconId: 4,
  reconName: RECON.name,
  sideA: { id: 11, name: 'Bank Statement' },
  sideB: { id: 12, name: 'Gateway Settlement' },
  data: [{ columnA: 'amount', columnB: 'net_amount', rules: [] }],
};

beforeEach(() => {
  signIn({}, 1);
  const routes: Routes = {};
  routes.ByTab = (params) => [200, page(params.dataSourceId === 11 ? A_ROWS : B_ROWS)];
  routes.ReconMapping = () => [200, MAPPING];
  routeTransactions(mock, routes);
});
afterEach(() => {
  mock.reset();
  localStorage.clear();
});

const rowOf = async (text: string) =>
  (await screen.findByText(text, {}, { timeout: 10_000 })).closest('tr') as HTMLElement;

// A whole page of two Ant Design tables driven through real events: seconds on a loaded machine.
describe('matching by hand', { timeout: 60_000 }, () => {
  it('shows both sides, totals the ticked rows exactly and matches them after a confirmation', async () => {
    mock
      .onPut('/v2/transactions')
      .reply(200, { operation: 'ManualMatch', runId: 3, rows: 3, matchIds: [77], message: 'x' });
    renderRoute(
      <WithModule>
        <WithAccess codes={['unReconciledTransaction', 'viewMapping']}>
          <MatchWorkbench
            recon={RECON}
            range={['2026-10-01', '2026-10-15']}
            onRange={() => undefined}
            onOpen={() => undefined}
          />
        </WithAccess>
      </WithModule>,
      { path: '/transactions/recon/unreconciled' },
    );
    // Nothing ticked yet: ₹0.00 is shown plainly, not as a balanced (green) difference.
    await rowOf('BNK0000101');
    const nothing = await screen.findByText('Difference ₹0.00', {}, { timeout: 10_000 });
    expect(nothing.closest('.ant-typography')?.className).not.toMatch(/ant-typography-success/);
    expect(nothing.closest('.ant-typography')?.className).toMatch(/ant-typography-secondary/);

    await userEvent.click(within(await rowOf('BNK0000101')).getByRole('checkbox'));
    await userEvent.click(within(await rowOf('BNK0000102')).getByRole('checkbox'));
    await userEvent.click(within(await rowOf('UTR301')).getByRole('checkbox'));

    // The amounts the rules compare are summed: amount on side A, net amount on side B.
    const bar = screen.getByText('Side A: 2 rows').closest('.ant-card') as HTMLElement;
    expect(within(bar).getAllByText('₹1,500.25')).toHaveLength(2);
    // Both sides ticked and equal: balanced, in green.
    expect(within(bar).getByText('Difference ₹0.00').closest('.ant-typography')?.className).toMatch(
      /ant-typography-success/,
    );

    await userEvent.click(screen.getByText('Match selected'));
    const dialog = (await screen.findByText('Match these rows as one group?', {}, { timeout: 10_000 })).closest(
      '.ant-modal',
    ) as HTMLElement;
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), 'Paid in two parts');
    await userEvent.click(within(dialog).getByText('Match', { selector: 'button span' }));

    await waitFor(() => expect(mock.history.put).toHaveLength(1), { timeout: 10_000 });
    expect(mock.history.put?.[0]?.params).toEqual({ Operation: 'ManualMatch' });
    expect(JSON.parse(mock.history.put?.[0]?.data)).toEqual({
      reconId: 4,
      rowsA: [101, 102],
      rowsB: [301],
      reason: 'Paid in two parts',
    });
  });

  it('warns when the sides do not balance', async () => {
    renderRoute(
      <WithModule>
        <WithAccess codes={['unReconciledTransaction']}>
          <MatchWorkbench
            recon={RECON}
            range={['2026-10-01', '2026-10-15']}
            onRange={() => undefined}
            onOpen={() => undefined}
          />
        </WithAccess>
      </WithModule>,
      { path: '/transactions/recon/unreconciled' },
    );
    await userEvent.click(within(await rowOf('BNK0000101')).getByRole('checkbox'));
    await userEvent.click(within(await rowOf('UTR301')).getByRole('checkbox'));
    expect(screen.getByText('Difference -₹500.25')).toBeTruthy();

    await userEvent.click(screen.getByText('Match selected'));
    expect(
      await screen.findByText('The sides differ by -₹500.25. Say why in the reason.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});
