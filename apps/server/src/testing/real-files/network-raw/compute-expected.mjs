/**
 * Expected results of the network-raw family, from the files alone: the fixed-width records cut by the positions
 * of the README (copied here, not imported from the generator), the pipe records split on '|', paise as BigInt.
 * Recon: network record (approved, response 00) ↔ switch log row with the same RRN, amount_paise / 100 = amount
 * and the same transaction date. `node compute-expected.mjs` writes expected.json; `--check` compares.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { daysBetween, readDate } from '../compute/dates.mjs';
import { readWithHeader } from '../compute/delimited.mjs';
import { assertFact, writeOrCheckExpected } from '../compute/expected-file.mjs';
import { formatPaise, paiseDigitsToPaise, sumPaise, toPaise } from '../compute/paise.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const DAT = 'UPI_RAW_ACQ_20260305_01.dat';
const PSV = 'UPI_RAW_ACQ_20260306_01.psv';
const LEDGER = 'switch-ledger.csv';
const RECORD_LENGTH = 109;

/** [field, start (1-based), length] as documented in the README. */
const POSITIONS = [
  ['record_type', 1, 1],
  ['txn_type', 2, 3],
  ['rrn', 5, 12],
  ['stan', 17, 6],
  ['txn_date', 23, 8],
  ['txn_time', 31, 6],
  ['amount_paise', 37, 12],
  ['currency_code', 49, 3],
  ['dr_cr', 52, 1],
  ['response_code', 53, 2],
  ['mcc', 55, 4],
  ['merchant_id', 59, 15],
  ['terminal_id', 74, 8],
  ['settlement_date', 82, 8],
  ['merchant_name', 90, 20],
];
const FIELDS = POSITIONS.map(([name]) => name);

const fileLines = (name) => readFileSync(join(HERE, name), 'utf8').split(/\r?\n/).slice(0, -1);

function checkTrailer(name, trailer, details, fileDate) {
  assertFact(trailer.recordType === 'T', `${name} ends with a trailer record`);
  assertFact(Number(trailer.count) === details.length, `${name}: trailer count = number of detail records`);
  assertFact(
    BigInt(trailer.hashTotal) === sumPaise(details.map((d) => d.paise)),
    `${name}: trailer hash total = Σ amount_paise of all detail records`,
  );
  assertFact(trailer.fileDate === fileDate, `${name}: trailer date is the settlement date`);
}

function toRecord(file, raw) {
  return {
    file,
    rrn: raw.rrn,
    txnType: raw.txn_type,
    txnDate: readDate(raw.txn_date, 'YYYYMMDD'),
    settlementDate: readDate(raw.settlement_date, 'YYYYMMDD'),
    paise: paiseDigitsToPaise(raw.amount_paise),
    drCr: raw.dr_cr,
    responseCode: raw.response_code,
    merchantName: raw.merchant_name.trimEnd(),
  };
}

// --- The fixed-width file ---------------------------------------------------------------------------------------
const datLines = fileLines(DAT);
assertFact(
  datLines.every((l) => l.length === RECORD_LENGTH),
  `every ${DAT} record is ${RECORD_LENGTH} characters`,
);
const datDetails = datLines.slice(0, -1).map((line) => {
  const raw = Object.fromEntries(
    POSITIONS.map(([name, start, length]) => [name, line.slice(start - 1, start - 1 + length)]),
  );
  assertFact(raw.record_type === 'D', `${DAT}: detail records start with D`);
  return toRecord(DAT, raw);
});
const datTrailer = datLines.at(-1);
checkTrailer(
  DAT,
  {
    recordType: datTrailer.slice(0, 1),
    count: datTrailer.slice(1, 10),
    hashTotal: datTrailer.slice(10, 25),
    fileDate: datTrailer.slice(25, 33),
  },
  datDetails,
  '20260306',
);

// --- The pipe-delimited file ------------------------------------------------------------------------------------
const psvLines = fileLines(PSV);
const psvDetails = psvLines.slice(0, -1).map((line) => {
  const cells = line.split('|');
  assertFact(cells.length === FIELDS.length && cells[0] === 'D', `${PSV}: ${FIELDS.length} fields per detail record`);
  return toRecord(PSV, Object.fromEntries(FIELDS.map((name, i) => [name, cells[i]])));
});
const [recordType, count, hashTotal, fileDate] = psvLines.at(-1).split('|');
checkTrailer(PSV, { recordType, count, hashTotal, fileDate }, psvDetails, '20260307');

const network = [...datDetails, ...psvDetails];
for (const [i, r] of network.entries()) {
  r.occurrence = network.filter((o, j) => j <= i && o.file === r.file && o.rrn === r.rrn).length;
}
assertFact(
  network.every((r) => /^\d{12}$/.test(r.rrn)),
  'every RRN is 12 digits',
);
assertFact(
  network.some((r) => r.rrn.startsWith('0000')),
  'some RRNs have leading zeros (they must survive ingestion as text)',
);

// --- The switch log ---------------------------------------------------------------------------------------------
const ledger = readWithHeader(readFileSync(join(HERE, LEDGER), 'utf8'), ',').map((r) => ({
  id: r.switch_txn_id,
  rrn: r.rrn,
  txnDate: readDate(r.txn_date, 'YYYY-MM-DD'),
  paise: toPaise(r.amount),
  txnType: r.txn_type,
}));

// --- Recon ------------------------------------------------------------------------------------------------------
const isApproved = (r) => r.responseCode === '00';
function recon(tolerancePaise, windowDays) {
  const used = new Set();
  const pairs = [];
  const openNetwork = [];
  for (const r of network) {
    const hit = isApproved(r)
      ? ledger.find(
          (l) =>
            !used.has(l.id) &&
            l.rrn === r.rrn &&
            l.paise - r.paise <= tolerancePaise &&
            r.paise - l.paise <= tolerancePaise &&
            Math.abs(daysBetween(r.txnDate, l.txnDate)) <= windowDays,
        )
      : undefined;
    if (hit) {
      used.add(hit.id);
      pairs.push({ r, l: hit });
    } else {
      openNetwork.push(r);
    }
  }
  return { pairs, openNetwork, openLedger: ledger.filter((l) => !used.has(l.id)) };
}

function whyOpen(r, exact) {
  if (!isApproved(r)) return `declined (response_code ${r.responseCode}): excluded by the rule's filter`;
  const sameRrn = ledger.filter((l) => l.rrn === r.rrn);
  if (sameRrn.length === 0) return 'no switch row with this RRN';
  const taken = exact.pairs.find((p) => p.r.rrn === r.rrn && p.r !== r);
  if (taken) return `duplicate network record: the switch row ${taken.l.id} is matched with the first one`;
  const l = sameRrn[0];
  if (l.paise !== r.paise) return `switch amount ${formatPaise(l.paise)} differs by ${formatPaise(l.paise - r.paise)}`;
  return `switch date ${l.txnDate} is ${daysBetween(r.txnDate, l.txnDate)} day(s) later`;
}

const exact = recon(0n, 0);
assertFact(exact.pairs.length === 27, '27 network records pair with a switch row');
assertFact(exact.openNetwork.length === 5 && exact.openLedger.length === 3, '5 network records, 3 switch rows open');

const networkKey = (r) => ({ file: r.file, rrn: r.rrn, occurrence: r.occurrence, txnType: r.txnType });
const expected = {
  family: 'network-raw',
  computedBy: 'compute-expected.mjs (plain logic over the files, integer paise; never the product code)',
  files: {
    [DAT]: {
      format: `fixed width, ${RECORD_LENGTH} characters per record, no header line, CR LF, trailer record last`,
      positions: POSITIONS.map(([field, start, length]) => ({ field, start, length })),
      lines: datLines.length,
      headerLines: 0,
      skippedRows: [{ line: datLines.length, key: 'trailer', why: "trailer record: record_type 'T'" }],
      loadedRows: datDetails.length,
      detailAmountTotal: formatPaise(sumPaise(datDetails.map((d) => d.paise))),
    },
    [PSV]: {
      format: 'pipe-delimited, no header line, LF, same fields and order as the fixed-width file, trailer last',
      fields: FIELDS,
      lines: psvLines.length,
      headerLines: 0,
      skippedRows: [{ line: psvLines.length, key: 'trailer', why: "trailer record: first field 'T'" }],
      loadedRows: psvDetails.length,
      detailAmountTotal: formatPaise(sumPaise(psvDetails.map((d) => d.paise))),
    },
    [LEDGER]: {
      format: 'CSV, one header line, txn_date YYYY-MM-DD, amount in rupees, rrn as text with leading zeros',
      lines: ledger.length + 1,
      headerLines: 1,
      dataRows: ledger.length,
      skippedRows: [],
      loadedRows: ledger.length,
    },
  },
  networkRecords: network.map((r) => ({
    ...networkKey(r),
    txnDate: r.txnDate,
    settlementDate: r.settlementDate,
    amount: formatPaise(r.paise),
    drCr: r.drCr,
    responseCode: r.responseCode,
    merchantName: r.merchantName,
  })),
  recons: [
    {
      name: 'rrn-amount-date',
      sideA: `${DAT} and ${PSV} detail records (trailers skipped)`,
      sideB: `${LEDGER} rows`,
      rule: {
        filterSideA: { response_code: '00' },
        key: 'rrn = rrn (12-character text, leading zeros kept)',
        amount: 'amount_paise / 100 = amount, tolerance 0',
        date: 'txn_date (YYYYMMDD) = txn_date, no window',
        tieBreak: 'of two identical network records the first in the file is matched',
      },
      matched: exact.pairs.map(({ r, l }) => ({
        ...networkKey(r),
        switchTxnId: l.id,
        amount: formatPaise(r.paise),
        txnDate: r.txnDate,
      })),
      matchedCount: exact.pairs.length,
      matchedAmountTotal: formatPaise(sumPaise(exact.pairs.map(({ r }) => r.paise))),
      matchedNetTotal: formatPaise(sumPaise(exact.pairs.map(({ r }) => (r.drCr === 'D' ? -r.paise : r.paise)))),
      openNetworkRecords: exact.openNetwork.map((r) => ({
        ...networkKey(r),
        amount: formatPaise(r.paise),
        why: whyOpen(r, exact),
      })),
      openSwitchRows: exact.openLedger.map((l) => ({
        switchTxnId: l.id,
        rrn: l.rrn,
        amount: formatPaise(l.paise),
        txnDate: l.txnDate,
      })),
      variants: [
        {
          change: 'amount tolerance ± 0.01 (absolute)',
          openSwitchRows: recon(1n, 0).openLedger.map((l) => l.id),
        },
        { change: 'date window ± 1 day', openSwitchRows: recon(0n, 1).openLedger.map((l) => l.id) },
      ],
    },
  ],
};

writeOrCheckExpected(join(HERE, 'expected.json'), expected);
