/**
 * Writes the bank-xlsx family: an HDFC-style current-account statement as XLSX (a preamble above the header, a
 * row of asterisks under it and after the last transaction, amounts and dates as TEXT cells, dates in DD/MM/YY and
 * DD/MM/YYYY mixed in one column, a Closing Balance footer row and a disclaimer), and the company's bank-book
 * ledger (CSV) it reconciles with. `node make-statement.mjs` rewrites both; compute-expected.mjs reads them back.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';

const HERE = dirname(fileURLToPath(import.meta.url));
const OPENING_BALANCE_PAISE = 124530050;
const ZERO_REF = '0000000000000000';

/** Indian digit grouping as banks print it: 12,34,567.89. */
function indianAmount(paise) {
  const whole = String(Math.floor(paise / 100));
  const fraction = String(paise % 100).padStart(2, '0');
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest ? `${rest},` : ''}${last3}.${fraction}`;
}
const shortDate = (iso) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`;
const longDate = (iso) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * The month's transactions. `long` marks rows whose Date the bank printed as DD/MM/YYYY (the statement was put
 * together from two exports); the others are DD/MM/YY. `ledger` is how the company booked the same event (its
 * reference as typed in the books), or absent for bank-only lines.
 */
const TRANSACTIONS = [
  {
    date: '2026-03-02',
    narration: 'NEFT CR-ICIC0000104-BRIGHT MART LLP-ACME RETAIL PRIVATE LIMITED-ICICN26061045521',
    ref: 'ICICN26061045521',
    deposit: 11800000,
    ledger: { no: 'RCPT/0412', type: 'Receipt', ref: 'ICICN26061045521', party: 'Bright Mart LLP' },
  },
  {
    date: '2026-03-02',
    narration: 'CHQ PAID-MICR CTS-MU-SHREE PACKAGING WORKS',
    ref: '0000000000045118',
    withdrawal: 2478000,
    ledger: { no: 'PYMT/0988', type: 'Payment', ref: '45118', party: 'Shree Packaging Works' },
  },
  {
    date: '2026-03-03',
    narration: 'UPI-AMAZON PAY INDIA-amazonpay@apl-UTIB0000100-606214882031-AWS INVOICE',
    ref: '0000606214882031',
    withdrawal: 354000,
    ledger: { no: 'PYMT/0989', type: 'Payment', ref: '606214882031', party: 'Amazon Web Services' },
  },
  {
    date: '2026-03-04',
    narration: 'RTGS DR-SBIN0000300-KAVERI STEEL TRADERS-NETBANK, MUM-HDFCR52026030400418822',
    ref: 'HDFCR52026030400418822',
    withdrawal: 47500000,
    ledger: { no: 'PYMT/0990', type: 'Payment', ref: 'HDFCR52026030400418822', party: 'Kaveri Steel Traders' },
  },
  {
    date: '2026-03-05',
    narration: 'NEFT CR-UTIB0000004-NAVKAR DISTRIBUTORS-ACME RETAIL PRIVATE LIMITED-UTIBN26064338190',
    ref: 'UTIBN26064338190',
    deposit: 4824999,
    // booked at the invoice value, one paisa more than the bank received
    ledger: { no: 'RCPT/0413', type: 'Receipt', ref: 'UTIBN26064338190', party: 'Navkar Distributors', paise: 4825000 },
  },
  { date: '2026-03-06', narration: 'NEFT CHGS INCL GST 060326', ref: ZERO_REF, withdrawal: 590 },
  {
    date: '2026-03-09',
    narration: 'IMPS-606809127734-BLUEDART EXPRESS LTD-HDFC-XXXXXXXX4521-COURIER FEB',
    ref: '0000606809127734',
    withdrawal: 1268500,
    ledger: { no: 'PYMT/0991', type: 'Payment', ref: '606809127734', party: 'Bluedart Express Ltd' },
  },
  {
    date: '2026-03-10',
    narration: 'CHQ DEP-MICR CLG-MU-RAHUL TRADING CO',
    ref: '0000000000312260',
    deposit: 6500000,
    ledger: { no: 'RCPT/0414', type: 'Receipt', ref: '312260', party: 'Rahul Trading Co' },
  },
  {
    date: '2026-03-11',
    narration: 'UPI-JIO PREPAID-jio@hdfcbank-HDFC0000001-607010445512-RECHARGE',
    ref: '0000607010445512',
    withdrawal: 99900,
    ledger: {
      no: 'PYMT/0992',
      type: 'Payment',
      ref: '607010445512',
      party: 'Reliance Jio',
      postedTwiceAs: 'PYMT/0993',
    },
  },
  {
    date: '2026-03-12',
    narration: 'NEFT CR-HDFC0000240-PRIYA ENTERPRISES-ACME RETAIL PRIVATE LIMITED-HDFCN26071022871',
    ref: 'HDFCN26071022871',
    deposit: 23600000,
    ledger: { no: 'RCPT/0415', type: 'Receipt', ref: 'HDFCN26071022871', party: 'Priya Enterprises' },
  },
  {
    date: '2026-03-13',
    long: true,
    narration: 'CHQ PAID-MICR CTS-MU-MAHALAXMI TRANSPORT',
    ref: '0000000000045121',
    withdrawal: 1840000,
    ledger: { no: 'PYMT/0994', type: 'Payment', ref: '45121', party: 'Mahalaxmi Transport' },
  },
  {
    date: '2026-03-16',
    long: true,
    narration: 'ACH D- BAJAJ FINANCE LTD-P400PBI20260316',
    ref: 'P400PBI20260316',
    withdrawal: 2761400,
    ledger: { no: 'PYMT/0995', type: 'Payment', ref: 'P400PBI20260316', party: 'Bajaj Finance Ltd (EMI)' },
  },
  {
    date: '2026-03-17',
    narration: 'NEFT DR-BARB0FORTXX-SAI KRUPA ELECTRICALS-NETBANK, MUM-HDFCN26076550013',
    ref: 'HDFCN26076550013',
    withdrawal: 3127050,
    ledger: { no: 'PYMT/0996', type: 'Payment', ref: 'HDFCN26076550013', party: 'Sai Krupa Electricals' },
  },
  {
    date: '2026-03-18',
    long: true,
    narration: 'GST PAYMENT-CBIC-CPIN 26031800045127',
    ref: '0026031800045127',
    withdrawal: 8431000,
    ledger: { no: 'PYMT/0997', type: 'Payment', ref: '26031800045127', party: 'GST February 2026' },
  },
  {
    date: '2026-03-19',
    long: true,
    narration: 'UPI-SWIGGY-swiggy@icici-ICIC0DC0099-607811203394-TEAM LUNCH',
    ref: '0000607811203394',
    withdrawal: 245680,
    ledger: { no: 'PYMT/0998', type: 'Payment', ref: '607811203394', party: 'Staff welfare' },
  },
  {
    date: '2026-03-20',
    long: true,
    narration: 'NEFT CR-KKBK0000958-ZENITH LIFESTYLE PVT LTD-ACME RETAIL PRIVATE LIMITED-KKBKN26079004562',
    ref: 'KKBKN26079004562',
    deposit: 15234000,
    ledger: { no: 'RCPT/0416', type: 'Receipt', ref: 'KKBKN26079004562', party: 'Zenith Lifestyle Pvt Ltd' },
  },
  {
    date: '2026-03-23',
    long: true,
    narration: 'CHQ PAID-MICR CTS-MU-OFFICE SPACE LLP',
    ref: '0000000000045124',
    withdrawal: 11000000,
    ledger: { no: 'PYMT/0999', type: 'Payment', ref: '45124', party: 'Office Space LLP (rent)' },
  },
  {
    date: '2026-03-24',
    narration: 'IB FUNDS TRANSFER DR-50200098765432-ACME RETAIL PAYROLL',
    ref: 'IBFT2603240091',
    withdrawal: 64500000,
    ledger: { no: 'CNTR/0051', type: 'Contra', ref: 'IBFT2603240091', party: 'Payroll account' },
  },
  {
    date: '2026-03-25',
    long: true,
    narration: 'UPI-PAYTM-paytm-88231@paytm-YESB0PTMUPI-608412650077-REFUND AC-10199',
    ref: '0000608412650077',
    deposit: 129900,
    ledger: { no: 'RCPT/0417', type: 'Receipt', ref: '608412650077', party: 'Paytm refund AC-10199' },
  },
  { date: '2026-03-26', long: true, narration: 'NEFT CHGS INCL GST 260326', ref: ZERO_REF, withdrawal: 590 },
  {
    date: '2026-03-27',
    long: true,
    narration: 'NEFT CR-YESB0000001-RAZORPAY SOFTWARE PVT LTD-ACME RETAIL PRIVATE LIMITED-YESBN26086112093',
    ref: 'YESBN26086112093',
    deposit: 8456237,
    ledger: { no: 'RCPT/0418', type: 'Receipt', ref: 'YESBN26086112093', party: 'Razorpay settlement' },
  },
  {
    date: '2026-03-30',
    long: true,
    narration: 'CHQ PAID-MICR CTS-MU-SHREE PACKAGING WORKS',
    ref: '0000000000045125',
    withdrawal: 1995000,
    ledger: { no: 'PYMT/1000', type: 'Payment', ref: '45125', party: 'Shree Packaging Works' },
  },
];

/** Booked in the ledger, never through the bank in March: a cheque issued on the 28th and not yet presented. */
const LEDGER_ONLY = [
  {
    no: 'PYMT/1001',
    date: '2026-03-28',
    type: 'Payment',
    ref: '45127',
    party: 'Kaveri Steel Traders',
    credit: 5600000,
  },
];

const PREAMBLE = [
  ['HDFC BANK Ltd.'],
  ['ACME RETAIL PRIVATE LIMITED'],
  ['14, MINT ROAD, FORT'],
  ['MUMBAI 400001'],
  ['Account Branch :', 'FORT, MUMBAI'],
  ['Account No :', '50200012345678', 'CURRENT ACCOUNT'],
  ['A/C Open Date :', '12/06/2019'],
  ['Currency :', 'INR'],
  ['IFSC :', 'HDFC0000060'],
  ['Statement From :', '01/03/2026', 'To :', '31/03/2026'],
];
const HEADER = ['Date', 'Narration', 'Chq./Ref.No.', 'Value Dt', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'];
const STARS = HEADER.map(() => '********');
const DISCLAIMER =
  'This is a computer generated statement and does not require a signature. Please report discrepancies within 30 days.';

async function writeStatement() {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'HDFC BANK NetBanking';
  wb.created = new Date('2026-04-01T03:42:44Z');
  wb.modified = wb.created;
  const sheet = wb.addWorksheet('Statement');
  sheet.columns = [12, 70, 24, 12, 18, 18, 18].map((width) => ({ width }));
  for (const cells of PREAMBLE) sheet.addRow(cells);
  sheet.addRow([]);
  sheet.addRow(HEADER).font = { bold: true };
  sheet.addRow(STARS);
  let balance = OPENING_BALANCE_PAISE;
  for (const t of TRANSACTIONS) {
    balance += (t.deposit ?? 0) - (t.withdrawal ?? 0);
    // Every value is a string cell (an empty side is no cell): the bank's export gives numbers as formatted text.
    sheet.addRow([
      t.long ? longDate(t.date) : shortDate(t.date),
      t.narration,
      t.ref,
      shortDate(t.date),
      t.withdrawal ? indianAmount(t.withdrawal) : null,
      t.deposit ? indianAmount(t.deposit) : null,
      indianAmount(balance),
    ]);
  }
  sheet.addRow(STARS);
  sheet.addRow([null, 'Closing Balance', null, null, null, null, indianAmount(balance)]).font = { bold: true };
  sheet.addRow([]);
  const disclaimer = sheet.addRow([DISCLAIMER]);
  sheet.mergeCells(disclaimer.number, 1, disclaimer.number, HEADER.length);
  await wb.xlsx.writeFile(join(HERE, 'hdfc-statement-mar-2026.xlsx'));
}

function writeLedger() {
  const rupees = (paise) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
  const entries = [];
  for (const t of TRANSACTIONS.filter((x) => x.ledger)) {
    const paise = t.ledger.paise ?? t.deposit ?? t.withdrawal;
    const entry = { no: t.ledger.no, date: t.date, type: t.ledger.type, ref: t.ledger.ref, party: t.ledger.party };
    // A bank book: money into the bank is a debit to the bank account in the company's books.
    if (t.deposit) entry.debit = paise;
    else entry.credit = paise;
    entries.push(entry);
    if (t.ledger.postedTwiceAs) entries.push({ ...entry, no: t.ledger.postedTwiceAs });
  }
  entries.push(...LEDGER_ONLY);
  const lines = ['voucher_no,voucher_date,voucher_type,ref_no,particulars,debit,credit'];
  for (const e of entries) {
    lines.push(
      [e.no, e.date, e.type, e.ref, e.party, e.debit ? rupees(e.debit) : '', e.credit ? rupees(e.credit) : ''].join(
        ',',
      ),
    );
  }
  writeFileSync(join(HERE, 'ledger-bank-book.csv'), `${lines.join('\n')}\n`);
}

await writeStatement();
writeLedger();
process.stdout.write('wrote hdfc-statement-mar-2026.xlsx, ledger-bank-book.csv\n');
