/**
 * Expected results of the Amazon family, derived from the files alone with plain logic and integer paise:
 *  - settlement-level: one bank credit = Σ amount of a settlement's component rows, the bank's value date within
 *    ± 3 days of the settlement's deposit date (from its summary row);
 *  - order-level: one seller-export line = Σ amount of the order's Order / ItemPrice / Principal rows.
 * `node compute-expected.mjs` writes expected.json; `--check` fails when expected.json is stale.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { daysBetween, readDate } from '../compute/dates.mjs';
import { parseDelimited, readWithHeader } from '../compute/delimited.mjs';
import { assertFact, writeOrCheckExpected } from '../compute/expected-file.mjs';
import { formatPaise, sumPaise, toPaise } from '../compute/paise.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const read = (name) => readFileSync(join(HERE, name), 'utf8');

const V2_HEADER =
  'settlement-id settlement-start-date settlement-end-date deposit-date total-amount currency transaction-type order-id merchant-order-id adjustment-id shipment-id marketplace-name amount-type amount-description amount fulfillment-id posted-date posted-date-time order-item-code merchant-order-item-id merchant-adjustment-item-id sku quantity-purchased promotion-id'.split(
    ' ',
  );
const WINDOW_DAYS = 3;

// --- The settlement reports -------------------------------------------------------------------------------------
const files = {};
const settlements = [];
for (const name of readdirSync(HERE)
  .filter((f) => /^settlement-\d+\.txt$/.test(f))
  .sort()) {
  const text = read(name);
  const lines = parseDelimited(text, '\t');
  assertFact(lines[0].join() === V2_HEADER.join(), `${name} has the 24-column V2 header`);
  const rows = readWithHeader(text, '\t');
  const [summary, ...components] = rows;
  assertFact(summary['transaction-type'] === '' && summary['total-amount'] !== '', `${name} starts with a summary row`);
  assertFact(
    components.every((r) => r['transaction-type'] !== '' && r['total-amount'] === '' && r['deposit-date'] === ''),
    `${name}: only its first row carries the settlement columns`,
  );
  const id = summary['settlement-id'];
  assertFact(
    components.every((r) => r['settlement-id'] === id),
    `${name}: every row names settlement ${id}`,
  );
  const total = sumPaise(components.map((r) => toPaise(r.amount)));
  assertFact(total === toPaise(summary['total-amount']), `${name}: total-amount = Σ amount of its component rows`);
  // posted-date must agree with posted-date-time: it proves the MM/DD/YY reading.
  for (const r of components) {
    assertFact(
      readDate(r['posted-date'], 'MM/DD/YY') === readDate(r['posted-date-time'], 'YYYY-MM-DD HH:mm:ss UTC'),
      `${name}: posted-date ${r['posted-date']} (MM/DD/YY) is the day of posted-date-time`,
    );
  }
  files[name] = {
    format: 'TSV (tab), CR LF line ends, one header line, delivered as .txt',
    lines: lines.length,
    headerLines: 1,
    dataRows: rows.length,
    skippedRows: [
      {
        line: 2,
        key: `settlement ${id} summary`,
        why: 'summary row: transaction-type blank, only the settlement columns filled',
      },
    ],
    loadedRows: components.length,
    negativeAmountRows: components.filter((r) => toPaise(r.amount) < 0n).length,
  };
  settlements.push({
    id,
    depositDate: readDate(summary['deposit-date'], 'YYYY-MM-DD HH:mm:ss UTC'),
    startDate: readDate(summary['settlement-start-date'], 'YYYY-MM-DD HH:mm:ss UTC'),
    endDate: readDate(summary['settlement-end-date'], 'YYYY-MM-DD HH:mm:ss UTC'),
    total,
    components,
  });
}

// --- The bank statement -----------------------------------------------------------------------------------------
const bank = readWithHeader(read('bank-statement.csv'), ',').map((r) => ({
  ref: r['Ref No./Cheque No.'],
  valueDate: readDate(r['Value Date'], 'DD Mon YYYY'),
  credit: r.Credit === '' ? null : toPaise(r.Credit),
  debit: r.Debit === '' ? null : toPaise(r.Debit),
  narration: r.Description,
}));
assertFact(new Set(bank.map((b) => b.ref)).size === bank.length, 'bank refs (UTRs) are unique');
files['bank-statement.csv'] = {
  format: 'CSV, one header line, amounts as quoted text with Indian grouping, dates DD Mon YYYY',
  lines: bank.length + 1,
  headerLines: 1,
  dataRows: bank.length,
  skippedRows: [],
  loadedRows: bank.length,
};

// --- The seller's order export ----------------------------------------------------------------------------------
const exportLines = readWithHeader(read('seller-orders.csv'), ',').map((r, i) => ({
  orderId: r.order_id,
  occurrence: 0,
  fileOrder: i,
  price: toPaise(r.item_price),
  orderDate: readDate(r.order_date, 'DD/MM/YYYY HH:mm'),
}));
for (const line of exportLines) {
  line.occurrence = exportLines.filter((l) => l.orderId === line.orderId && l.fileOrder <= line.fileOrder).length;
}
files['seller-orders.csv'] = {
  format: 'CSV, one header line, dates DD/MM/YYYY HH:mm (IST), amounts plain decimals',
  lines: exportLines.length + 1,
  headerLines: 1,
  dataRows: exportLines.length,
  skippedRows: [],
  loadedRows: exportLines.length,
};

// --- Settlement-level recon -------------------------------------------------------------------------------------
function settlementLevel(tolerancePaise, windowDays) {
  const credits = bank.filter((b) => b.credit !== null);
  const usedRefs = new Set();
  const matched = [];
  const openSettlements = [];
  for (const s of settlements) {
    const candidates = credits.filter(
      (b) =>
        !usedRefs.has(b.ref) &&
        b.credit - s.total <= tolerancePaise &&
        s.total - b.credit <= tolerancePaise &&
        Math.abs(daysBetween(s.depositDate, b.valueDate)) <= windowDays,
    );
    assertFact(candidates.length <= 1, `settlement ${s.id} has at most one candidate credit`);
    const [hit] = candidates;
    if (hit) {
      usedRefs.add(hit.ref);
      matched.push({
        settlementId: s.id,
        componentRows: s.components.length,
        groupTotal: formatPaise(s.total),
        depositDate: s.depositDate,
        bankRef: hit.ref,
        bankAmount: formatPaise(hit.credit),
        bankValueDate: hit.valueDate,
        daysAfterDeposit: daysBetween(s.depositDate, hit.valueDate),
        difference: formatPaise(hit.credit - s.total),
      });
    } else {
      const nearest = credits
        .map((b) => ({ b, days: daysBetween(s.depositDate, b.valueDate) }))
        .sort((x, y) => Math.abs(x.days) - Math.abs(y.days))[0];
      const sameAmount = credits.find((b) => b.credit === s.total);
      openSettlements.push({
        settlementId: s.id,
        componentRows: s.components.length,
        groupTotal: formatPaise(s.total),
        depositDate: s.depositDate,
        why: sameAmount
          ? `a credit of the same amount (${sameAmount.ref}) is ${daysBetween(s.depositDate, sameAmount.valueDate)} days after the deposit date, outside ± ${windowDays}`
          : nearest && Math.abs(nearest.days) <= windowDays
            ? `the credit within the window (${nearest.b.ref}, ${formatPaise(nearest.b.credit)}) differs by ${formatPaise(nearest.b.credit - s.total)}`
            : 'no bank credit of this amount',
      });
    }
  }
  return {
    matched,
    openSettlements,
    openBankRows: bank.filter((b) => !usedRefs.has(b.ref)).map((b) => b.ref),
  };
}

// --- Order-level recon ------------------------------------------------------------------------------------------
const isItemPrincipal = (r) =>
  r['transaction-type'] === 'Order' && r['amount-type'] === 'ItemPrice' && r['amount-description'] === 'Principal';
const allComponents = settlements.flatMap((s) => s.components);
const principalByOrder = new Map();
for (const r of allComponents.filter(isItemPrincipal)) {
  const g = principalByOrder.get(r['order-id']) ?? { rows: 0, total: 0n, settlementId: r['settlement-id'] };
  g.rows += 1;
  g.total += toPaise(r.amount);
  principalByOrder.set(r['order-id'], g);
}
const orderMatched = [];
const orderOpenGroups = [];
const usedLines = new Set();
for (const [orderId, g] of principalByOrder) {
  const line = exportLines.find((l) => !usedLines.has(l) && l.orderId === orderId && l.price === g.total);
  if (line) {
    usedLines.add(line);
    orderMatched.push({
      orderId,
      settlementId: g.settlementId,
      principalRows: g.rows,
      groupTotal: formatPaise(g.total),
      exportLine: { orderId, occurrence: line.occurrence, itemPrice: formatPaise(line.price) },
    });
  } else {
    const sameId = exportLines.find((l) => l.orderId === orderId);
    orderOpenGroups.push({
      orderId,
      settlementId: g.settlementId,
      principalRows: g.rows,
      groupTotal: formatPaise(g.total),
      why: sameId
        ? `the export line says ${formatPaise(sameId.price)}, a difference of ${formatPaise(sameId.price - g.total)}`
        : 'the order is not in the seller export',
    });
  }
}
const orderOpenLines = exportLines
  .filter((l) => !usedLines.has(l))
  .map((l) => ({
    orderId: l.orderId,
    occurrence: l.occurrence,
    itemPrice: formatPaise(l.price),
    why:
      l.occurrence > 1
        ? 'second export line of the same order (duplicate): the first one is matched'
        : principalByOrder.has(l.orderId)
          ? `Σ Principal is ${formatPaise(principalByOrder.get(l.orderId).total)}`
          : 'no settlement row for this order yet',
  }));

// --- Facts the fixture was designed to hold (a broken fixture fails here, not in a golden case) -----------------
const exact = settlementLevel(0n, WINDOW_DAYS);
assertFact(exact.matched.length === 1 && exact.matched[0].settlementId === '24871033021', 'only S1 matches exactly');
assertFact(
  exact.openSettlements.map((s) => s.settlementId).join() === '24901245731,24933811451,24966402191',
  'S2 (outside the window), S3 (1 paisa short) and S4 (no credit) stay open',
);
assertFact(orderOpenGroups.length === 2 && orderOpenLines.length === 3, 'two open order groups, three open lines');

const sumOf = (list, field) => formatPaise(sumPaise(list.map((x) => toPaise(x[field]))));
const expected = {
  family: 'amazon-settlement',
  computedBy: 'compute-expected.mjs (plain logic over the files, integer paise; never the product code)',
  files,
  settlements: settlements.map((s) => ({
    settlementId: s.id,
    startDate: s.startDate,
    endDate: s.endDate,
    depositDate: s.depositDate,
    componentRows: s.components.length,
    total: formatPaise(s.total),
    distinctOrderIds: new Set(s.components.map((r) => r['order-id']).filter(Boolean)).size,
  })),
  recons: [
    {
      name: 'settlement-level',
      sideA: 'component rows of the settlement reports (summary rows skipped at ingestion)',
      sideB: 'bank-statement.csv rows',
      rule: {
        groupSideABy: ['settlement-id'],
        aggregate: 'SUM(amount) of side A = Credit of one side-B row, tolerance 0',
        dateWindow: `side-B Value Date within ± ${WINDOW_DAYS} days of the group's deposit-date`,
        note: 'deposit-date is only on the summary row of a report; the group needs it from there (see README)',
      },
      matched: exact.matched,
      matchedTotal: sumOf(exact.matched, 'groupTotal'),
      openSettlements: exact.openSettlements,
      openComponentRows: exact.openSettlements.reduce((n, s) => n + s.componentRows, 0),
      openBankRows: exact.openBankRows,
      variants: [
        { change: 'amount tolerance ± 0.01 (absolute)', ...pickIds(settlementLevel(1n, WINDOW_DAYS)) },
        { change: 'date window ± 7 days', ...pickIds(settlementLevel(0n, 7)) },
      ],
    },
    {
      name: 'order-level',
      sideA: 'component rows with transaction-type Order, amount-type ItemPrice, amount-description Principal',
      sideB: 'seller-orders.csv lines',
      rule: {
        groupSideABy: ['order-id'],
        aggregate: 'SUM(amount) of side A = item_price of one side-B line with the same order id, tolerance 0',
        filterSideA: { 'transaction-type': 'Order', 'amount-type': 'ItemPrice', 'amount-description': 'Principal' },
        tieBreak: 'of two identical export lines the first in the file is matched',
      },
      sideARowsInScope: allComponents.filter(isItemPrincipal).length,
      sideARowsOutOfScope: allComponents.length - allComponents.filter(isItemPrincipal).length,
      matched: orderMatched,
      matchedTotal: sumOf(orderMatched, 'groupTotal'),
      openGroups: orderOpenGroups,
      openExportLines: orderOpenLines,
    },
  ],
};

function pickIds(result) {
  return {
    matchedSettlements: result.matched.map((m) => `${m.settlementId} ↔ ${m.bankRef}`),
    openSettlements: result.openSettlements.map((s) => s.settlementId),
  };
}

writeOrCheckExpected(join(HERE, 'expected.json'), expected);
