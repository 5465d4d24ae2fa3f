/**
 * Expected results of the Razorpay family, from the files alone with plain logic and integer paise: the UTR is
 * pulled out of each bank narration, and one bank credit must equal Σ(credit − debit) of the report rows with
 * that settlement_utr. `node compute-expected.mjs` writes expected.json; `--check` fails when it is stale.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { epochSecondsToIstDate, readDate } from '../compute/dates.mjs';
import { parseDelimited, readWithHeader } from '../compute/delimited.mjs';
import { assertFact, writeOrCheckExpected } from '../compute/expected-file.mjs';
import { formatPaise, sumPaise, toPaise } from '../compute/paise.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const read = (name) => readFileSync(join(HERE, name), 'utf8');

/** Razorpay's documented recon item fields, in the documented order. */
const DOCUMENTED_COLUMNS =
  'entity_id type debit credit amount currency fee tax on_hold settled created_at settled_at settlement_id posted_at credit_type description notes payment_id settlement_utr order_id order_receipt method card_network card_issuer card_type dispute_id'.split(
    ' ',
  );
/** A NEFT UTR (16: bank code, N, year, day of year, sequence) or an RTGS UTR (22: bank code, R, …). */
const UTR_TOKEN = /^[A-Z]{4}[NR]\d{11,17}$/;
const UTR_REGEX_FOR_RULES = '([A-Z]{4}[NR][0-9]{11,17})';

// --- The settlement recon report --------------------------------------------------------------------------------
const reportText = read('settlement-recon-report.csv');
assertFact(
  parseDelimited(reportText, ',')[0].join() === DOCUMENTED_COLUMNS.join(),
  'the report has the documented columns in order',
);
const report = readWithHeader(reportText, ',');
for (const r of report) {
  const [debit, credit, amount, fee, tax] = [r.debit, r.credit, r.amount, r.fee, r.tax].map(toPaise);
  if (r.type === 'payment') {
    assertFact(debit === 0n && credit === amount - fee - tax, `${r.entity_id}: credit = amount − fee − tax`);
  } else if (r.type === 'refund') {
    assertFact(credit === 0n && debit === amount && r.payment_id.startsWith('pay_'), `${r.entity_id}: a refund debit`);
  } else {
    assertFact(r.type === 'adjustment' && (debit === amount) !== (credit === amount), `${r.entity_id}: adjustment`);
  }
  readDate(r.created_at, 'DD/MM/YYYY HH:mm:ss');
}

const groups = new Map();
for (const r of report) {
  const g = groups.get(r.settlement_utr) ?? {
    settlementUtr: r.settlement_utr,
    settlementId: r.settlement_id,
    settledAtEpoch: r.settled_at,
    rows: [],
  };
  assertFact(
    g.settlementId === r.settlement_id && g.settledAtEpoch === r.settled_at,
    'one UTR per settlement id and settled_at',
  );
  g.rows.push(r);
  groups.set(r.settlement_utr, g);
}
const settlements = [...groups.values()].map((g) => {
  const credit = sumPaise(g.rows.map((r) => toPaise(r.credit)));
  const debit = sumPaise(g.rows.map((r) => toPaise(r.debit)));
  const countOf = (type) => g.rows.filter((r) => r.type === type).length;
  return {
    settlementUtr: g.settlementUtr,
    settlementId: g.settlementId,
    settledAtEpoch: g.settledAtEpoch,
    settledOnIst: epochSecondsToIstDate(g.settledAtEpoch),
    rows: g.rows.length,
    payments: countOf('payment'),
    refunds: countOf('refund'),
    adjustments: countOf('adjustment'),
    entityIds: g.rows.map((r) => r.entity_id),
    sumCredit: credit,
    sumDebit: debit,
    net: credit - debit,
  };
});

// --- The bank statement -----------------------------------------------------------------------------------------
const bankRows = readWithHeader(read('bank-statement.csv'), ',').map((r) => {
  const utr = r.PARTICULARS.split(/[-/ ]/).find((token) => UTR_TOKEN.test(token)) ?? null;
  return {
    tranDate: readDate(r['Tran Date'], 'DD-MM-YYYY'),
    particulars: r.PARTICULARS,
    utr,
    cr: r.CR === '' ? null : toPaise(r.CR),
    dr: r.DR === '' ? null : toPaise(r.DR),
  };
});
for (const b of bankRows) {
  b.occurrence = bankRows.filter(
    (o) => o.utr !== null && o.utr === b.utr && bankRows.indexOf(o) <= bankRows.indexOf(b),
  ).length;
}
const bankKey = (b) => (b.utr ? { utr: b.utr, occurrence: b.occurrence } : { particulars: b.particulars });

// --- The recon: UTR extracted from the narration, amount = Σ(credit − debit) -------------------------------------
function recon(tolerancePaise) {
  const used = new Set();
  const matched = [];
  const openSettlements = [];
  for (const s of settlements) {
    const hit = bankRows.find(
      (b) =>
        !used.has(b) &&
        b.utr === s.settlementUtr &&
        b.cr !== null &&
        b.cr - s.net <= tolerancePaise &&
        s.net - b.cr <= tolerancePaise,
    );
    if (hit) {
      used.add(hit);
      matched.push({ s, b: hit });
    } else {
      const sameUtr = bankRows.find((b) => b.utr === s.settlementUtr);
      openSettlements.push({
        s,
        why: sameUtr
          ? `the bank credit with this UTR is ${formatPaise(sameUtr.cr)}, a difference of ${formatPaise(sameUtr.cr - s.net)}`
          : 'no bank line carries this UTR',
      });
    }
  }
  return { matched, openSettlements, openBank: bankRows.filter((b) => !used.has(b)) };
}

const exact = recon(0n);
assertFact(
  exact.openSettlements.map((o) => o.s.settlementId).join() === 'setl_QCf02KpZr8mW6y,setl_QD1yH7sNa3Ju5k',
  'the 1-paisa settlement and the uncredited settlement stay open',
);
assertFact(
  exact.matched.every(({ s, b }) => s.settledOnIst === b.tranDate),
  'every matched credit is booked on the IST day of settled_at',
);

const describeSettlement = (s) => ({
  settlementUtr: s.settlementUtr,
  settlementId: s.settlementId,
  settledAtEpoch: s.settledAtEpoch,
  settledOnIst: s.settledOnIst,
  rows: s.rows,
  payments: s.payments,
  refunds: s.refunds,
  adjustments: s.adjustments,
  sumCredit: formatPaise(s.sumCredit),
  sumDebit: formatPaise(s.sumDebit),
  net: formatPaise(s.net),
  entityIds: s.entityIds,
});

const expected = {
  family: 'razorpay-settlement',
  computedBy: 'compute-expected.mjs (plain logic over the files, integer paise; never the product code)',
  files: {
    'settlement-recon-report.csv': {
      format: 'CSV, one header line, rupee amounts, created_at DD/MM/YYYY HH:mm:ss (IST), settled_at epoch seconds',
      lines: report.length + 1,
      headerLines: 1,
      dataRows: report.length,
      skippedRows: [],
      loadedRows: report.length,
      quotedCellsWithCommasOrQuotes: report.filter((r) => /[",]/.test(r.description + r.notes)).length,
    },
    'bank-statement.csv': {
      format: 'CSV, one header line, Tran Date DD-MM-YYYY, DR / CR / BAL as plain decimals',
      lines: bankRows.length + 1,
      headerLines: 1,
      dataRows: bankRows.length,
      skippedRows: [],
      loadedRows: bankRows.length,
    },
  },
  utrExtraction: {
    regex: UTR_REGEX_FOR_RULES,
    captureGroup: 1,
    narrations: bankRows.map((b) => ({ particulars: b.particulars, utr: b.utr })),
  },
  settlements: settlements.map(describeSettlement),
  recons: [
    {
      name: 'utr-in-narration',
      sideA: 'settlement-recon-report.csv rows',
      sideB: 'bank-statement.csv rows',
      rule: {
        groupSideABy: ['settlement_utr'],
        sideBKey: `extract(PARTICULARS, '${UTR_REGEX_FOR_RULES}', 1)`,
        aggregate: 'SUM(credit − debit) of side A = CR of one side-B row, tolerance 0',
        tieBreak: 'of two identical bank lines the first in the file is matched',
        optionalDate: 'Tran Date = IST day of settled_at holds for every match (adding it changes nothing)',
      },
      matched: exact.matched.map(({ s, b }) => ({
        ...describeSettlement(s),
        bankLine: { ...bankKey(b), tranDate: b.tranDate, cr: formatPaise(b.cr) },
      })),
      matchedTotal: formatPaise(sumPaise(exact.matched.map(({ s }) => s.net))),
      openSettlements: exact.openSettlements.map(({ s, why }) => ({
        settlementUtr: s.settlementUtr,
        settlementId: s.settlementId,
        rows: s.rows,
        net: formatPaise(s.net),
        why,
      })),
      openReportRows: exact.openSettlements.reduce((n, { s }) => n + s.rows, 0),
      openBankLines: exact.openBank.map((b) => ({
        ...bankKey(b),
        tranDate: b.tranDate,
        amount: formatPaise(b.cr ?? -b.dr),
      })),
      variants: [
        {
          change: 'amount tolerance ± 0.01 (absolute)',
          matchedSettlements: recon(1n).matched.map(({ s }) => s.settlementId),
          openSettlements: recon(1n).openSettlements.map(({ s }) => s.settlementId),
        },
      ],
    },
  ],
};

writeOrCheckExpected(join(HERE, 'expected.json'), expected);
