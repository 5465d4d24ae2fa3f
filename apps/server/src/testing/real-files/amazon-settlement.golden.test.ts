import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AmazonIds,
  expected,
  orderLevel,
  settlementLevel,
  settlementLevelConditions,
  setUpAmazon,
} from './amazon-world.ts';
import { type ApiClient, createGoldenApp, type GoldenApp, groupsOf, sumToPaisa, type TabRow } from './api-setup.ts';

// Golden case of issue 9, Amazon family, through the API: four Flat File V2 settlement reports (TSV delivered as
// .txt, a summary row first) loaded into one settlement table, and the order-level recon over it (Σ Principal
// per order ↔ the seller's order export). Every figure asserted comes from expected.json (computed from the files
// by compute-expected.mjs, never by the product).
// The settlement-level recon (Σ components of a settlement ↔ one bank credit, deposit date ± 3 days) runs over the
// same settlement table through its own data source: the bank credit carries no settlement id, so the rule groups
// the components by a Group by condition. A second module runs the two recons in the other order.

let g: GoldenApp;
let api: ApiClient;
let ids: AmazonIds;

beforeAll(async () => {
  g = await createGoldenApp();
  ({ api, ids } = await setUpAmazon(g, 'Amazon', 'order-level first'));
}, 120_000);
afterAll(() => g?.close());

const isPrincipalOfOrder = (r: TabRow) =>
  r.values.transaction_type === 'Order' &&
  r.values.amount_type === 'ItemPrice' &&
  r.values.amount_description === 'Principal';

/** An export line as expected.json names it: order id and occurrence among the lines of that order. */
function exportKey(row: TabRow, all: readonly TabRow[]): string {
  const same = all.filter((r) => r.values.order_id === row.values.order_id).map((r) => r.id);
  return `${row.values.order_id}#${same.sort((a, b) => a - b).indexOf(row.id) + 1}`;
}

describe('Amazon settlement reports (TSV .txt with a summary row) and the order-level recon', () => {
  it('loads every report COMPLETED, its summary row counted as skipped, and carries the deposit date down', async () => {
    for (const id of ids.fileIds) {
      const file = await api.file(id);
      const facts = expected.files[file.fileName];
      expect(facts, file.fileName).toBeDefined();
      expect(file).toMatchObject({
        status: 'FINISHED',
        totalRows: facts?.loadedRows,
        validRows: facts?.loadedRows,
        invalidRows: 0,
        skippedRows: facts?.skippedRows.length,
      });
      if (facts?.skippedRows.length) {
        expect(file.skipped).toEqual([{ reason: 'transaction-type is blank', count: facts.skippedRows.length }]);
      }
    }
    const rows = (await api.tab(ids.orderRecon, ids.settlements, 'all')).rows;
    for (const s of expected.settlements) {
      const own = rows.filter((r) => r.values.settlement_id === s.settlementId);
      expect(own, s.settlementId).toHaveLength(s.componentRows);
      expect(new Set(own.map((r) => r.values.deposit_date?.slice(0, 10)))).toEqual(new Set([s.depositDate]));
      // The summary row's total-amount is Σ amount of the components (it adds nothing itself: it is skipped).
      expect(sumToPaisa(own.map((r) => r.values.amount ?? null)), s.settlementId).toBe(s.total);
    }
  });

  it('matches Σ Principal of each order to its export line, to the paisa', async () => {
    const settled = await api.tab(ids.orderRecon, ids.settlements, 'reconciled');
    const exported = await api.tab(ids.orderRecon, ids.orders, 'reconciled');
    const allExport = (await api.tab(ids.orderRecon, ids.orders, 'all')).rows;
    const groups = groupsOf(settled.rows);
    expect(groups.map((g) => [...new Set(g.map((r) => r.values.order_id))].join('+')).sort()).toEqual(
      orderLevel.matched.map((m) => m.orderId).sort(),
    );
    expect(settled.rows.every(isPrincipalOfOrder)).toBe(true);
    expect(settled.count).toBe(orderLevel.matched.reduce((n, m) => n + m.principalRows, 0));
    expect(exported.count).toBe(orderLevel.matched.length);
    for (const m of orderLevel.matched) {
      const group = settled.rows.filter((r) => r.values.order_id === m.orderId);
      expect(group, m.orderId).toHaveLength(m.principalRows);
      expect(sumToPaisa(group.map((r) => r.values.amount ?? null)), m.orderId).toBe(m.groupTotal);
      const line = exported.rows.find((r) => r.matchId === group[0]?.matchId);
      expect(line && exportKey(line, allExport)).toBe(`${m.exportLine.orderId}#${m.exportLine.occurrence}`);
      expect(sumToPaisa([line?.values.item_price ?? null])).toBe(m.exportLine.itemPrice);
    }
    expect(sumToPaisa(exported.rows.map((r) => r.values.item_price ?? null))).toBe(orderLevel.matchedTotal);
  });

  it('leaves the unexported and mispriced orders, the duplicate and the unsettled export lines open', async () => {
    const open = (await api.tab(ids.orderRecon, ids.settlements, 'unreconciled')).rows;
    const inScope = open.filter(isPrincipalOfOrder);
    const matchedRows = orderLevel.matched.reduce((n, m) => n + m.principalRows, 0);
    expect(inScope).toHaveLength(orderLevel.sideARowsInScope - matchedRows);
    expect([...new Set(inScope.map((r) => r.values.order_id))].sort()).toEqual(
      orderLevel.openGroups.map((g) => g.orderId).sort(),
    );
    for (const g of orderLevel.openGroups) {
      const rows = inScope.filter((r) => r.values.order_id === g.orderId);
      expect(rows, g.orderId).toHaveLength(g.principalRows);
      expect(sumToPaisa(rows.map((r) => r.values.amount ?? null)), g.orderId).toBe(g.groupTotal);
    }
    // Out of scope (fees, tax, promotions, refunds) stays open for this recon: its filter never takes them.
    const loaded = expected.settlements.reduce((n, s) => n + s.componentRows, 0);
    expect(open).toHaveLength(loaded - matchedRows);

    const allExport = (await api.tab(ids.orderRecon, ids.orders, 'all')).rows;
    const openExport = await api.tab(ids.orderRecon, ids.orders, 'unreconciled');
    expect(openExport.count).toBe(orderLevel.openExportLines.length);
    const key = (l: { key: string }) => l.key;
    expect(
      openExport.rows
        .map((r) => ({ key: exportKey(r, allExport), itemPrice: sumToPaisa([r.values.item_price ?? null]) }))
        .sort((x, y) => key(x).localeCompare(key(y))),
    ).toEqual(
      orderLevel.openExportLines
        .map((l) => ({ key: `${l.orderId}#${l.occurrence}`, itemPrice: l.itemPrice }))
        .sort((x, y) => key(x).localeCompare(key(y))),
    );
  });
});

describe('the settlement-level recon over the same settlement table (Group by settlement id, no shared key)', () => {
  const settlementOf = (rows: readonly TabRow[]) => [...new Set(rows.map((r) => r.values.settlement_id))].join('+');

  it('matches Σ components of a settlement to the one bank credit within ± 3 days, to the paisa', async () => {
    const components = await api.tab(ids.settlementRecon, ids.components, 'reconciled');
    const bank = await api.tab(ids.settlementRecon, ids.bank, 'reconciled');
    const groups = groupsOf(components.rows);
    expect(groups.map(settlementOf).sort()).toEqual(settlementLevel.matched.map((m) => m.settlementId).sort());
    expect(components.count).toBe(settlementLevel.matched.reduce((n, m) => n + m.componentRows, 0));
    expect(bank.count).toBe(settlementLevel.matched.length);
    for (const m of settlementLevel.matched) {
      const group = groups.find((rows) => settlementOf(rows) === m.settlementId) ?? [];
      expect(group, m.settlementId).toHaveLength(m.componentRows);
      expect(sumToPaisa(group.map((r) => r.values.amount ?? null)), m.settlementId).toBe(m.groupTotal);
      const credit = bank.rows.find((r) => r.matchId === group[0]?.matchId);
      expect(credit?.values.ref_no).toBe(m.bankRef);
      expect(sumToPaisa([credit?.values.credit ?? null])).toBe(m.bankAmount);
    }
    expect(sumToPaisa(bank.rows.map((r) => r.values.credit ?? null))).toBe(settlementLevel.matchedTotal);
  });

  it('leaves the late, the one-paisa-short and the uncredited settlements and the other bank rows open', async () => {
    const open = (await api.tab(ids.settlementRecon, ids.components, 'unreconciled')).rows;
    expect(open).toHaveLength(settlementLevel.openComponentRows);
    for (const s of settlementLevel.openSettlements) {
      const rows = open.filter((r) => r.values.settlement_id === s.settlementId);
      expect(rows, s.settlementId).toHaveLength(s.componentRows);
      expect(sumToPaisa(rows.map((r) => r.values.amount ?? null)), s.settlementId).toBe(s.groupTotal);
    }
    const openBank = (await api.tab(ids.settlementRecon, ids.bank, 'unreconciled')).rows;
    expect(openBank.map((r) => r.values.ref_no).sort()).toEqual([...settlementLevel.openBankRows].sort());
  });

  describe('with the recons run the other way round (settlement-level first, in another module)', () => {
    let other: Awaited<ReturnType<typeof setUpAmazon>>;
    beforeAll(async () => {
      other = await setUpAmazon(g, 'Amazon reversed', 'settlement-level first');
    }, 120_000);

    /** Every row of a data source with its status and its group's rows, by content (ids differ per module). */
    async function verdicts(client: ApiClient, reconId: number, dataSourceId: number) {
      const rows = (await client.tab(reconId, dataSourceId, 'all')).rows;
      const content = (r: TabRow) => JSON.stringify(Object.entries(r.values).sort());
      const groupOf = (r: TabRow) =>
        rows
          .filter((o) => r.matchId !== null && o.matchId === r.matchId)
          .map(content)
          .sort()
          .join(' & ');
      return rows.map((r) => `${r.status} ${content(r)} in [${groupOf(r)}]`).sort();
    }

    it('gives both recons the same verdicts whichever runs first', async () => {
      const pairs = [
        [ids.orderRecon, ids.settlements, other.ids.orderRecon, other.ids.settlements],
        [ids.orderRecon, ids.orders, other.ids.orderRecon, other.ids.orders],
        [ids.settlementRecon, ids.components, other.ids.settlementRecon, other.ids.components],
        [ids.settlementRecon, ids.bank, other.ids.settlementRecon, other.ids.bank],
      ] as const;
      for (const [recon, ds, otherRecon, otherDs] of pairs) {
        const here = await verdicts(api, recon, ds);
        expect(here.some((v) => !v.startsWith('UNRECONCILED'))).toBe(true);
        expect(await verdicts(other.api, otherRecon, otherDs)).toEqual(here);
      }
    });

    it.each([
      ['amount tolerance ± 0.01 (absolute)', 3, 0.01],
      ['date window ± 7 days', 7, 0],
    ])('variant: %s', async (change, days, amount) => {
      const variant = settlementLevel.variants.find((v) => v.change === change);
      expect(variant).toBeDefined();
      const recon = await other.api.createRecon(`Amazon settlement-level, ${change}`);
      const components = await other.api.duplicateDataSource(other.ids.components, recon, `Components, ${change}`);
      const bank = await other.api.duplicateDataSource(other.ids.bank, recon, `Bank, ${change}`);
      await other.api.createRule(
        recon,
        `Σ components = credit, ${change}`,
        'RECONCILED',
        settlementLevelConditions({ components, bank }, days, amount),
      );
      await other.api.runRecon(recon);
      const matched = groupsOf((await other.api.tab(recon, components, 'reconciled')).rows);
      const credits = (await other.api.tab(recon, bank, 'reconciled')).rows;
      const pairs = matched.map(
        (rows) => `${settlementOf(rows)} ↔ ${credits.find((c) => c.matchId === rows[0]?.matchId)?.values.ref_no}`,
      );
      expect(pairs.sort()).toEqual([...(variant?.matchedSettlements ?? [])].sort());
      const open = (await other.api.tab(recon, components, 'unreconciled')).rows;
      expect(settlementOf(open).split('+').sort()).toEqual([...(variant?.openSettlements ?? [])].sort());
    });
  });
});
