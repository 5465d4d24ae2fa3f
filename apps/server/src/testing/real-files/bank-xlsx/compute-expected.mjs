/**
 * Expected results of the bank-xlsx family, from the files alone: the statement's cells are read as the text the
 * bank printed (exceljs only unzips the workbook; the product's ingestion is not used), amounts in integer paise.
 * Recon: statement line ↔ ledger voucher when the references agree once leading zeros are dropped and
 * (Deposit − Withdrawal) = (debit − credit). `node compute-expected.mjs` writes expected.json; `--check` compares.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { readDate, readDateAny } from '../compute/dates.mjs';
import { readWithHeader } from '../compute/delimited.mjs';
import { assertFact, writeOrCheckExpected } from '../compute/expected-file.mjs';
import { formatPaise, sumPaise, toPaise } from '../compute/paise.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const STATEMENT = 'hdfc-statement-mar-2026.xlsx';
const HEADER = ['Date', 'Narration', 'Chq./Ref.No.', 'Value Dt', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'];
const STARS = '********';

const wb = new ExcelJS.Workbook();
await wb.xlsx.readFile(join(HERE, STATEMENT));
assertFact(wb.worksheets.length === 1, 'one sheet');
const sheet = wb.worksheets[0];
const cellTexts = (rowNumber) =>
  HEADER.map((_, i) =>
    sheet
      .getRow(rowNumber)
      .getCell(i + 1)
      .text.trim(),
  );

// --- Statement structure ----------------------------------------------------------------------------------------
let headerRow = 0;
for (let n = 1; n <= sheet.rowCount && headerRow === 0; n++) {
  if (cellTexts(n).join('|') === HEADER.join('|')) headerRow = n;
}
assertFact(headerRow > 0, 'a header row with the seven HDFC columns');
const skipped = [];
for (let n = 1; n < headerRow; n++) {
  const texts = cellTexts(n).filter(Boolean);
  skipped.push({ row: n, why: texts.length ? `preamble: ${texts.join(' ')}` : 'blank row above the header' });
}
const lines = [];
let footerBalance = null;
for (let n = headerRow + 1; n <= sheet.rowCount; n++) {
  const [date, narration, ref, valueDate, withdrawal, deposit, balance] = cellTexts(n);
  if ([date, narration, ref, valueDate, withdrawal, deposit, balance].every((t) => t === STARS)) {
    skipped.push({ row: n, why: 'separator row of asterisks' });
  } else if (date === '' && narration === 'Closing Balance') {
    footerBalance = toPaise(balance);
    skipped.push({ row: n, why: `footer: Closing Balance ${balance}` });
  } else if ([date, narration, ref, valueDate, withdrawal, deposit, balance].every((t) => t === '')) {
    skipped.push({ row: n, why: 'blank row' });
  } else if (/^\d{2}\/\d{2}\/\d{2}(\d{2})?$/.test(date)) {
    lines.push({
      row: n,
      datePrinted: date,
      date: readDateAny(date, ['DD/MM/YYYY', 'DD/MM/YY']),
      narration,
      ref,
      valueDate: readDate(valueDate, 'DD/MM/YY'),
      withdrawal: withdrawal === '' ? 0n : toPaise(withdrawal),
      deposit: deposit === '' ? 0n : toPaise(deposit),
      balance: toPaise(balance),
    });
  } else {
    skipped.push({ row: n, why: `disclaimer: ${date.slice(0, 60)}…` });
  }
}
assertFact(
  lines.every((l) => (l.withdrawal === 0n) !== (l.deposit === 0n)),
  'each line has exactly one of withdrawal, deposit',
);
const openingBalance = lines[0].balance - lines[0].deposit + lines[0].withdrawal;
lines.reduce((previous, l) => {
  assertFact(previous + l.deposit - l.withdrawal === l.balance, `running balance holds on row ${l.row}`);
  return l.balance;
}, openingBalance);
assertFact(footerBalance === lines.at(-1).balance, 'the footer Closing Balance is the last line balance');
assertFact(
  lines.some((l) => l.datePrinted.length === 8) && lines.some((l) => l.datePrinted.length === 10),
  'the Date column mixes DD/MM/YY and DD/MM/YYYY',
);
assertFact(
  lines.every((l) => l.date === l.valueDate),
  'Value Dt is the same day as Date on every line (a wrong read of either shows)',
);

// --- Ledger -----------------------------------------------------------------------------------------------------
const ledger = readWithHeader(readFileSync(join(HERE, 'ledger-bank-book.csv'), 'utf8'), ',').map((r) => ({
  voucherNo: r.voucher_no,
  date: readDate(r.voucher_date, 'YYYY-MM-DD'),
  ref: r.ref_no,
  net: (r.debit === '' ? 0n : toPaise(r.debit)) - (r.credit === '' ? 0n : toPaise(r.credit)),
}));
assertFact(new Set(ledger.map((l) => l.voucherNo)).size === ledger.length, 'voucher numbers are unique');

// --- Recon ------------------------------------------------------------------------------------------------------
const withoutLeadingZeros = (ref) => ref.replace(/^0+/, '');
function recon(tolerancePaise) {
  const usedVouchers = new Set();
  const pairs = [];
  const openLines = [];
  for (const l of lines) {
    const net = l.deposit - l.withdrawal;
    const key = withoutLeadingZeros(l.ref);
    const v = ledger.find(
      (e) =>
        key !== '' &&
        !usedVouchers.has(e.voucherNo) &&
        withoutLeadingZeros(e.ref) === key &&
        e.net - net <= tolerancePaise &&
        net - e.net <= tolerancePaise,
    );
    if (v) {
      usedVouchers.add(v.voucherNo);
      pairs.push({ l, v });
    } else {
      openLines.push(l);
    }
  }
  return { pairs, openLines, openVouchers: ledger.filter((e) => !usedVouchers.has(e.voucherNo)) };
}
const exact = recon(0n);
assertFact(exact.pairs.length === 19, '19 statement lines pair with a voucher');
assertFact(
  exact.openVouchers.map((v) => v.voucherNo).join() === 'RCPT/0413,PYMT/0993,PYMT/1001',
  'open vouchers: the 1-paisa receipt, the second posting of the Jio payment, the unpresented cheque',
);

const lineKey = (l) => ({ ref: l.ref, date: l.date });
const net = (l) => formatPaise(l.deposit - l.withdrawal);
const expected = {
  family: 'bank-xlsx',
  computedBy: 'compute-expected.mjs (cell text read with exceljs, plain logic, integer paise; never the product code)',
  files: {
    [STATEMENT]: {
      format: 'XLSX, one sheet, every value a text cell; Indian digit grouping; Date DD/MM/YY and DD/MM/YYYY mixed',
      sheet: sheet.name,
      rows: sheet.rowCount,
      headerRow,
      skippedRows: skipped,
      loadedRows: lines.length,
      openingBalance: formatPaise(openingBalance),
      closingBalance: formatPaise(footerBalance),
      totalWithdrawals: formatPaise(sumPaise(lines.map((l) => l.withdrawal))),
      totalDeposits: formatPaise(sumPaise(lines.map((l) => l.deposit))),
      lines: lines.map((l) => ({
        ref: l.ref,
        datePrinted: l.datePrinted,
        date: l.date,
        valueDate: l.valueDate,
        withdrawal: l.withdrawal === 0n ? null : formatPaise(l.withdrawal),
        deposit: l.deposit === 0n ? null : formatPaise(l.deposit),
        closingBalance: formatPaise(l.balance),
      })),
    },
    'ledger-bank-book.csv': {
      format:
        'CSV, one header line, voucher_date YYYY-MM-DD, debit / credit plain decimals (bank book: receipts debit)',
      lines: ledger.length + 1,
      headerLines: 1,
      dataRows: ledger.length,
      skippedRows: [],
      loadedRows: ledger.length,
    },
  },
  recons: [
    {
      name: 'ledger-vs-statement',
      sideA: `${STATEMENT} lines`,
      sideB: 'ledger-bank-book.csv vouchers',
      rule: {
        key: "Chq./Ref.No. and ref_no equal once leading zeros are dropped (or: ref_no zero-filled to the statement's width of 16); an all-zero reference never matches",
        amount: '(Deposit Amt. − Withdrawal Amt.) = (debit − credit), tolerance 0',
        tieBreak: 'of two identical vouchers the first in the file is matched',
      },
      matched: exact.pairs.map(({ l, v }) => ({ line: lineKey(l), voucherNo: v.voucherNo, amount: net(l) })),
      matchedCount: exact.pairs.length,
      matchedNetTotal: formatPaise(sumPaise(exact.pairs.map(({ l }) => l.deposit - l.withdrawal))),
      openLines: exact.openLines.map((l) => ({ ...lineKey(l), narration: l.narration, amount: net(l) })),
      openVouchers: exact.openVouchers.map((v) => ({ voucherNo: v.voucherNo, ref: v.ref, amount: formatPaise(v.net) })),
      variants: [
        {
          change: 'amount tolerance ± 0.01 (absolute)',
          additionallyMatched: recon(1n)
            .pairs.filter(({ v }) => !exact.pairs.some((p) => p.v === v))
            .map(({ l, v }) => ({ line: lineKey(l), voucherNo: v.voucherNo })),
        },
      ],
    },
  ],
};

writeOrCheckExpected(join(HERE, 'expected.json'), expected);
