#!/usr/bin/env node
// Writes demo/samples/bank_statement.csv and demo/samples/pg_settlement.csv: a month of payment-gateway
// settlements and the bank credits they produce, for the demo recon (Bank vs Gateway Settlement).
// Deterministic (seeded PRNG): running it again gives the same bytes. Amounts are computed in paise.
//
// What the pair contains, so every recon rule has something to find:
// - each SUCCESS settlement credited to the bank on its settlement date with the same UTR and net amount;
// - ~2% of bank credits off by ±0.01 (rounding at the bank), ~1% credited a day late;
// - ~1% of credits reversed by a same-amount debit (same-side reversal), plus bank charges with no UTR;
// - ~2% gateway refunds/failures that never reach the bank;
// - ~1% invalid rows (impossible date, text in an amount) and ~1% exact duplicate rows in each file.
// Then a few rows for the statuses the random month rarely or never gives (drawn from a second seeded PRNG and
// never flawed, so the rows above stay as they are):
// - settlements reported twice by the gateway (a second Transaction ID, same UTR and amounts): duplicate match;
// - credits returned two or three days after their value date: late reversal of a reconciled credit;
// - batch settlements, one bank credit for several gateway rows under one UTR, short by a few paise: partial
//   reconciled;
// - credits short by a bank deduction (₹25 or ₹50) that no rule accepts: unreconciled, with a near candidate.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'demo', 'samples');
const SETTLEMENTS = 2500;
const SEED = 20_261_001;

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = mulberry32(SEED);
const int = (min, max) => min + Math.floor(random() * (max - min + 1));
const chance = (p) => random() < p;
const extraRandom = mulberry32(SEED + 1);
const extraInt = (min, max) => min + Math.floor(extraRandom() * (max - min + 1));
const pad = (n, w = 2) => String(n).padStart(w, '0');
const money = (paise) => `${paise < 0 ? '-' : ''}${Math.floor(Math.abs(paise) / 100)}.${pad(Math.abs(paise) % 100)}`;
const dayOf = (d) => new Date(Date.UTC(2026, 9, d));
const iso = (date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const dmy = (date) => `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${date.getUTCFullYear()}`;
const csvCell = (v) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
const csvLine = (cells) => cells.map((c) => csvCell(String(c))).join(',');

const settlements = [];
for (let i = 1; i <= SETTLEMENTS; i++) {
  const day = int(1, 30);
  const txnAt = new Date(dayOf(day).getTime() + int(0, 86_399) * 1000);
  const settlementDay = new Date(dayOf(day).getTime() + 86_400_000);
  const gross = int(10_000, 5_000_000);
  const fee = Math.round(gross * 0.018);
  const tax = Math.round(fee * 0.18);
  const status = chance(0.02) ? (chance(0.5) ? 'REFUNDED' : 'FAILED') : 'SUCCESS';
  settlements.push({
    txnId: `TXN${pad(i, 8)}`,
    orderId: `ORD${pad(int(1, 9_999_999), 7)}`,
    utr: `${int(100_000, 999_999)}${pad(i, 6)}`,
    txnAt,
    settlementDay,
    gross,
    fee,
    tax,
    net: gross - fee - tax,
    status,
  });
}

const pgHeader = [
  'Transaction ID',
  'Order ID',
  'UTR',
  'Transaction Date',
  'Settlement Date',
  'Gross Amount',
  'Fee',
  'Tax',
  'Net Amount',
  'Status',
];
const pgLines = [csvLine(pgHeader)];
for (const s of settlements) {
  const txnDate = `${iso(s.txnAt)} ${pad(s.txnAt.getUTCHours())}:${pad(s.txnAt.getUTCMinutes())}:${pad(s.txnAt.getUTCSeconds())}`;
  const row = [
    s.txnId,
    s.orderId,
    s.utr,
    txnDate,
    iso(s.settlementDay),
    money(s.gross),
    money(s.fee),
    money(s.tax),
    money(s.net),
    s.status,
  ];
  const flaw = random();
  if (flaw < 0.005) row[4] = '2026-02-30';
  else if (flaw < 0.01) row[5] = 'N/A';
  pgLines.push(csvLine(row));
  if (chance(0.01)) pgLines.push(csvLine(row));
}

// The extra cases: new settlements after the month's, each SUCCESS and credited as the case says.
const DUPLICATES = 4;
const LATE_REVERSALS = 4;
const BATCHES = 3;
const SHORT_CREDITS = 3;
let nextTxn = SETTLEMENTS;
function extraSettlement(settlementDay, utr) {
  nextTxn += 1;
  const txnAt = new Date(settlementDay.getTime() - 86_400_000 + extraInt(0, 86_399) * 1000);
  const gross = extraInt(10_000, 5_000_000);
  const fee = Math.round(gross * 0.018);
  const tax = Math.round(fee * 0.18);
  return {
    txnId: `TXN${pad(nextTxn, 8)}`,
    orderId: `ORD${pad(extraInt(1, 9_999_999), 7)}`,
    utr: utr ?? `${extraInt(100_000, 999_999)}${pad(nextTxn, 6)}`,
    txnAt,
    settlementDay,
    gross,
    fee,
    tax,
    net: gross - fee - tax,
    status: 'SUCCESS',
  };
}
const extraDay = () => new Date(dayOf(extraInt(2, 27)).getTime());
const extraPg = [];
const extraBank = [];
const credit = (s, valueDay, amount, narration = `NEFT CR-${s.utr}-RAZORPAY SOFTWARE PVT LTD`) => ({
  valueDay,
  kind: 'CR',
  amount,
  utr: s.utr,
  narration,
  isExtra: true,
});
for (let i = 0; i < DUPLICATES; i++) {
  const s = extraSettlement(extraDay());
  nextTxn += 1;
  extraPg.push(s, { ...s, txnId: `TXN${pad(nextTxn, 8)}` });
  extraBank.push(credit(s, s.settlementDay, s.net));
}
for (let i = 0; i < LATE_REVERSALS; i++) {
  const s = extraSettlement(extraDay());
  extraPg.push(s);
  extraBank.push(credit(s, s.settlementDay, s.net), {
    valueDay: new Date(s.settlementDay.getTime() + extraInt(2, 3) * 86_400_000),
    kind: 'DR',
    amount: s.net,
    utr: s.utr,
    narration: `REV NEFT CR-${s.utr} RETURNED BY BENEFICIARY BANK`,
    isExtra: true,
  });
}
for (let i = 0; i < BATCHES; i++) {
  const day = extraDay();
  const first = extraSettlement(day);
  const batch = [first];
  for (let n = extraInt(2, 4); n > 0; n--) batch.push(extraSettlement(day, first.utr));
  extraPg.push(...batch);
  const total = batch.reduce((sum, s) => sum + s.net, 0);
  extraBank.push(credit(first, day, total - extraInt(5, 95), `NEFT CR-${first.utr}-RAZORPAY BATCH SETTLEMENT`));
}
for (let i = 0; i < SHORT_CREDITS; i++) {
  const s = extraSettlement(extraDay());
  extraPg.push(s);
  extraBank.push(credit(s, s.settlementDay, s.net - (i % 2 === 0 ? 2_500 : 5_000)));
}
for (const s of extraPg) {
  const txnDate = `${iso(s.txnAt)} ${pad(s.txnAt.getUTCHours())}:${pad(s.txnAt.getUTCMinutes())}:${pad(s.txnAt.getUTCSeconds())}`;
  pgLines.push(
    csvLine([
      s.txnId,
      s.orderId,
      s.utr,
      txnDate,
      iso(s.settlementDay),
      money(s.gross),
      money(s.fee),
      money(s.tax),
      money(s.net),
      s.status,
    ]),
  );
}

// Bank lines in value-date order with a running balance.
const bankEvents = [];
let ref = 0;
for (const s of settlements) {
  if (s.status !== 'SUCCESS') continue;
  const late = chance(0.01);
  const valueDay = new Date(s.settlementDay.getTime() + (late ? 86_400_000 : 0));
  const delta = chance(0.02) ? (chance(0.5) ? 1 : -1) : 0;
  bankEvents.push({
    valueDay,
    kind: 'CR',
    amount: s.net + delta,
    utr: s.utr,
    narration: `NEFT CR-${s.utr}-RAZORPAY SOFTWARE PVT LTD`,
  });
  if (chance(0.01)) {
    bankEvents.push({
      valueDay,
      kind: 'DR',
      amount: s.net + delta,
      utr: s.utr,
      narration: `REV NEFT CR-${s.utr} RETURNED`,
    });
  }
}
for (let day = 1; day <= 31; day += 7) {
  bankEvents.push({
    valueDay: dayOf(day),
    kind: 'DR',
    amount: int(50_00, 500_00),
    utr: '',
    narration: 'ACCOUNT MAINTENANCE CHARGES INCL GST',
  });
}
bankEvents.push(...extraBank);
bankEvents.sort((a, b) => a.valueDay - b.valueDay || (a.kind === b.kind ? 0 : a.kind === 'CR' ? -1 : 1));

let balance = 25_000_000;
const bankLines = [csvLine(['Reference', 'Value Date', 'Narration', 'Dr/Cr', 'Amount', 'Balance', 'UTR'])];
for (const e of bankEvents) {
  balance += e.kind === 'CR' ? e.amount : -e.amount;
  ref += 1;
  const row = [`BNK${pad(ref, 7)}`, dmy(e.valueDay), e.narration, e.kind, money(e.amount), money(balance), e.utr];
  if (e.isExtra) {
    bankLines.push(csvLine(row));
    continue;
  }
  const flaw = random();
  if (flaw < 0.005) row[1] = '31-09-2026';
  else if (flaw < 0.01) row[4] = `${money(e.amount)} INR`;
  bankLines.push(csvLine(row));
  if (chance(0.01)) bankLines.push(csvLine(row));
}

mkdirSync(OUT_DIR, { recursive: true });
writeFileSync(join(OUT_DIR, 'pg_settlement.csv'), `${pgLines.join('\n')}\n`);
writeFileSync(join(OUT_DIR, 'bank_statement.csv'), `${bankLines.join('\n')}\n`);
console.log(`wrote ${pgLines.length - 1} gateway rows and ${bankLines.length - 1} bank rows to ${OUT_DIR}`);
