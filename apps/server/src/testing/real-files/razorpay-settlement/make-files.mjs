/**
 * Writes the Razorpay family's files from the events below: the settlement recon report (CSV, the columns of
 * Razorpay's "Fetch Settlement Recon Details" in their documented order) and the merchant's bank statement
 * (Axis-style CSV) whose narrations carry the settlement UTR. Amounts are integer paise here; the report shows
 * rupees as the Dashboard download does. compute-expected.mjs derives the expected results from the files alone.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));

const REPORT_COLUMNS = [
  'entity_id',
  'type',
  'debit',
  'credit',
  'amount',
  'currency',
  'fee',
  'tax',
  'on_hold',
  'settled',
  'created_at',
  'settled_at',
  'settlement_id',
  'posted_at',
  'credit_type',
  'description',
  'notes',
  'payment_id',
  'settlement_utr',
  'order_id',
  'order_receipt',
  'method',
  'card_network',
  'card_issuer',
  'card_type',
  'dispute_id',
];

const FEE_PERCENT = { default: 2, amex: 3 };
const GST_ON_FEE_PERCENT = 18;
const IST_OFFSET_SECONDS = 5.5 * 3600;

const rupees = (paise) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
const pct = (paise, percent) => Math.round((paise * percent) / 100);
/** 'YYYY-MM-DD HH:mm:ss' in IST → 'DD/MM/YYYY HH:mm:ss', as the Dashboard report prints created_at. */
const dashboardTime = (ist) => `${ist.slice(8, 10)}/${ist.slice(5, 7)}/${ist.slice(0, 4)} ${ist.slice(11)}`;
/** 'YYYY-MM-DD HH:mm:ss' in IST → Unix seconds, as the API gives settled_at. */
const epochSeconds = (ist) => Date.parse(`${ist.replace(' ', 'T')}Z`) / 1000 - IST_OFFSET_SECONDS;
const csvCell = (value) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

const CARDS = {
  visa: { card_network: 'Visa', card_issuer: 'HDFC', card_type: 'credit' },
  master: { card_network: 'MasterCard', card_issuer: 'ICIC', card_type: 'debit' },
  rupay: { card_network: 'RuPay', card_issuer: 'SBIN', card_type: 'debit' },
  amex: { card_network: 'American Express', card_issuer: 'AMEX', card_type: 'credit' },
};

/** A captured payment: credit = amount − fee − GST on the fee. */
function payment(id, orderId, receipt, paise, method, createdAt, extra = {}) {
  const fee = pct(paise, extra.card === 'amex' ? FEE_PERCENT.amex : FEE_PERCENT.default);
  const tax = pct(fee, GST_ON_FEE_PERCENT);
  return {
    entity_id: id,
    type: 'payment',
    debit: 0,
    credit: paise - fee - tax,
    amount: paise,
    fee,
    tax,
    created_at: createdAt,
    description: extra.description ?? '',
    notes: extra.notes ?? '',
    payment_id: '',
    order_id: orderId,
    order_receipt: receipt,
    method,
    ...(extra.card ? CARDS[extra.card] : {}),
  };
}

function refund(id, payment, paise, createdAt) {
  return {
    entity_id: id,
    type: 'refund',
    debit: paise,
    credit: 0,
    amount: paise,
    fee: 0,
    tax: 0,
    created_at: createdAt,
    description: '',
    notes: '',
    payment_id: payment.entity_id,
    order_id: payment.order_id,
    order_receipt: payment.order_receipt,
    method: payment.method,
  };
}

function adjustment(id, paise, direction, createdAt, description, disputeId, paymentId) {
  return {
    entity_id: id,
    type: 'adjustment',
    debit: direction === 'debit' ? paise : 0,
    credit: direction === 'credit' ? paise : 0,
    amount: paise,
    fee: 0,
    tax: 0,
    created_at: createdAt,
    description,
    notes: '',
    payment_id: paymentId,
    dispute_id: disputeId,
  };
}

const P = {
  a1: payment('pay_QAx7Lm2Rt9Vb1K', 'order_QAx6Zp0Wc4Hn8E', 'AC-10231', 249900, 'card', '2026-03-02 10:14:22', {
    card: 'visa',
    description: 'Order AC-10231, 2 items',
    notes: '{"invoice_no":"INV-2026-0311","channel":"web"}',
  }),
  a2: payment('pay_QAy3Nk8Pq1Xs4D', 'order_QAy2Gv7Jm5Tr0B', 'AC-10232', 59900, 'upi', '2026-03-02 11:47:05'),
  a3: payment('pay_QAz9Fh4Wd6Cm2L', 'order_QAz8Rb3Ks1Yp7N', 'AC-10233', 1249950, 'netbanking', '2026-03-02 13:05:51'),
  a4: payment('pay_QB0qTv5Jn2Gx8R', 'order_QB0pLc4Hs9Dw3M', 'AC-10234', 34900, 'upi', '2026-03-02 19:22:38'),
  a5: payment('pay_QB1mWs7Kd3Hb9P', 'order_QB1lXa6Fr0Ny2C', 'AC-10235', 189900, 'card', '2026-03-03 08:41:17', {
    card: 'master',
  }),
  a6: payment('pay_QB2kYr1Lf8Jc5T', 'order_QB2jZe0Mg4Qu6V', 'AC-10236', 79999, 'wallet', '2026-03-03 12:09:44'),
  b1: payment('pay_QBAd4Gx9Hs2Km7', 'order_QBAc3Fw8Gr1Jl6', 'AC-10241', 449900, 'card', '2026-03-03 15:33:02', {
    card: 'amex',
    description: 'Order AC-10241; gift wrap',
  }),
  b2: payment('pay_QBBe5Hy0Jt3Ln8', 'order_QBBd4Gx9Is2Km7', 'AC-10242', 99900, 'upi', '2026-03-03 17:58:29'),
  b3: payment('pay_QBCf6Jz1Ku4Mo9', 'order_QBCe5Hy0Jt3Ln8', 'AC-10243', 2199900, 'netbanking', '2026-03-04 09:12:48', {
    notes: '{"invoice_no":"INV-2026-0318","po":"PO 7781, rev 2"}',
  }),
  b4: payment('pay_QBDg7Ka2Lv5Np0', 'order_QBDf6Jz1Ku4Mo9', 'AC-10244', 14900, 'upi', '2026-03-04 10:26:15'),
  b5: payment('pay_QBEh8Lb3Mw6Oq1', 'order_QBEg7Ka2Lv5Np0', 'AC-10245', 329900, 'card', '2026-03-04 14:40:03', {
    card: 'rupay',
  }),
  c1: payment('pay_QCAi9Mc4Nx7Pr2', 'order_QCAh8Lb3Mw6Oq1', 'AC-10251', 159900, 'upi', '2026-03-05 09:03:36'),
  c2: payment('pay_QCBj0Nd5Oy8Qs3', 'order_QCBi9Mc4Nx7Pr2', 'AC-10252', 899900, 'card', '2026-03-05 11:18:54', {
    card: 'visa',
  }),
  c3: payment('pay_QCCk1Oe6Pz9Rt4', 'order_QCCj0Nd5Oy8Qs3', 'AC-10253', 45050, 'wallet', '2026-03-05 16:27:12'),
  c4: payment('pay_QCDl2Pf7Qa0Su5', 'order_QCDk1Oe6Pz9Rt4', 'AC-10254', 274900, 'netbanking', '2026-03-05 21:49:40'),
  d1: payment('pay_QDAm3Qg8Rb1Tv6', 'order_QDAl2Pf7Qa0Su5', 'AC-10261', 119900, 'upi', '2026-03-06 10:55:07'),
  d2: payment('pay_QDBn4Rh9Sc2Uw7', 'order_QDBm3Qg8Rb1Tv6', 'AC-10262', 64900, 'card', '2026-03-06 13:31:26', {
    card: 'master',
  }),
  d3: payment('pay_QDCo5Si0Td3Vx8', 'order_QDCn4Rh9Sc2Uw7', 'AC-10263', 349900, 'upi', '2026-03-06 18:02:59'),
  e1: payment('pay_QEAp6Tj1Ue4Wy9', 'order_QEAo5Si0Td3Vx8', 'AC-10271', 189900, 'card', '2026-03-07 09:44:13', {
    card: 'rupay',
  }),
  e2: payment('pay_QEBq7Uk2Vf5Xz0', 'order_QEBp6Tj1Ue4Wy9', 'AC-10272', 25000, 'upi', '2026-03-07 12:20:48'),
  e3: payment('pay_QECr8Vl3Wg6Ya1', 'order_QECq7Uk2Vf5Xz0', 'AC-10273', 549900, 'netbanking', '2026-03-08 15:08:31'),
  e4: payment('pay_QEDs9Wm4Xh7Zb2', 'order_QEDr8Vl3Wg6Ya1', 'AC-10274', 74900, 'upi', '2026-03-08 20:36:05'),
  f1: payment('pay_QFAt0Xn5Yi8Ac3', 'order_QFAs9Wm4Xh7Zb2', 'AC-10281', 12500000, 'netbanking', '2026-03-09 11:15:42', {
    description: 'Bulk order AC-10281 (B2B)',
  }),
  f2: payment('pay_QFBu1Yo6Zj9Bd4', 'order_QFBt0Xn5Yi8Ac3', 'AC-10282', 8749900, 'card', '2026-03-09 16:47:20', {
    card: 'visa',
  }),
};

/** Settlement batches, T+2: each credited to the bank under its UTR (NEFT 16 characters, RTGS 22). */
const SETTLEMENTS = [
  {
    id: 'setl_QB8nX2fLk1Rt4Z',
    utr: 'YESBN26064318840',
    settledAt: '2026-03-05 10:32:14',
    rows: [P.a1, P.a2, P.a3, P.a4, P.a5, P.a6, refund('rfnd_QB3nZs2Mg9Kd6W', P.a2, 59900, '2026-03-03 09:30:11')],
  },
  {
    id: 'setl_QBTm91VdC7hE2s',
    utr: 'YESBN26065402217',
    settledAt: '2026-03-06 10:30:52',
    rows: [
      P.b1,
      P.b2,
      P.b3,
      P.b4,
      P.b5,
      refund('rfnd_QBFi9Mc4Nx7Pr2', P.b3, 500000, '2026-03-04 18:12:40'),
      adjustment(
        'adj_QBGj0Nd5Oy8Qs3',
        189900,
        'debit',
        '2026-03-04 20:05:19',
        'Chargeback debit, dispute disp_QAq1Wn6Ld2Hv9S',
        'disp_QAq1Wn6Ld2Hv9S',
        'pay_Q9zXk3Vb7Nm1Pq',
      ),
    ],
  },
  {
    id: 'setl_QCf02KpZr8mW6y',
    utr: 'YESBN26066119053',
    settledAt: '2026-03-07 10:31:07',
    rows: [
      P.c1,
      P.c2,
      P.c3,
      P.c4,
      adjustment(
        'adj_QCEm3Qg8Rb1Tv6',
        189900,
        'credit',
        '2026-03-06 12:44:50',
        'Dispute won, chargeback reversed: disp_QAq1Wn6Ld2Hv9S',
        'disp_QAq1Wn6Ld2Hv9S',
        'pay_Q9zXk3Vb7Nm1Pq',
      ),
    ],
  },
  {
    id: 'setl_QD1yH7sNa3Ju5k',
    utr: 'YESBN26068230416',
    settledAt: '2026-03-09 10:29:48',
    rows: [P.d1, P.d2, P.d3],
  },
  {
    id: 'setl_QDp45TgEw9Lc0v',
    utr: 'YESBN26069227741',
    settledAt: '2026-03-10 10:33:26',
    rows: [P.e1, P.e2, P.e3, P.e4, refund('rfnd_QEEt0Xn5Yi8Ac3', P.e1, 189900, '2026-03-08 11:02:37')],
  },
  {
    id: 'setl_QEa8Kd3Vn6Ps1x',
    utr: 'YESBR52026031100007302',
    settledAt: '2026-03-11 10:30:05',
    rows: [P.f1, P.f2],
  },
];

function writeReport() {
  const lines = [REPORT_COLUMNS.join(',')];
  for (const s of SETTLEMENTS) {
    for (const row of s.rows) {
      const full = {
        currency: 'INR',
        on_hold: 'false',
        settled: 'true',
        settled_at: String(epochSeconds(s.settledAt)),
        settlement_id: s.id,
        posted_at: '',
        credit_type: 'default',
        settlement_utr: s.utr,
        ...row,
        debit: rupees(row.debit),
        credit: rupees(row.credit),
        amount: rupees(row.amount),
        fee: rupees(row.fee),
        tax: rupees(row.tax),
        created_at: dashboardTime(row.created_at),
      };
      lines.push(REPORT_COLUMNS.map((c) => csvCell(full[c] ?? '')).join(','));
    }
  }
  writeFileSync(join(HERE, 'settlement-recon-report.csv'), `${lines.join('\n')}\n`);
}

const net = (s) => s.rows.reduce((sum, r) => sum + r.credit - r.debit, 0);
const axisDate = (ist) => `${ist.slice(8, 10)}-${ist.slice(5, 7)}-${ist.slice(0, 4)}`;

/**
 * The merchant's current account (Axis-style CSV: Tran Date, CHQNO, PARTICULARS, DR, CR, BAL). Narration shapes
 * differ by the route the credit took; the UTR is always inside.
 */
function writeBankStatement() {
  const [s1, s2, s3, , s5, s6] = SETTLEMENTS;
  const RZP = 'RAZORPAY SOFTWARE PVT LTD';
  const entries = [
    { date: '2026-03-04', particulars: `NEFT-YESBN26059880012-${RZP}`, cr: 1184233 },
    { date: s1.settledAt, particulars: `NEFT-${s1.utr}-${RZP}`, cr: net(s1) },
    { date: '2026-03-05', particulars: 'UPI/606412873301/Payment to vendor/shreepack@okaxis', dr: 1240000 },
    { date: s2.settledAt, particulars: `NEFT/${s2.utr}/RAZORPAY SOFTWARE PRIVATE LIMITED`, cr: net(s2) },
    {
      date: s3.settledAt,
      particulars: `NEFT CR-YESB0000001-${RZP}-ACME RETAIL PVT LTD-${s3.utr}`,
      cr: net(s3) - 1,
    },
    { date: '2026-03-09', particulars: 'IMPS/P2A/606813402271/BLUEDART EXPRESS', dr: 468250 },
    { date: s5.settledAt, particulars: `NEFT-${s5.utr}-${RZP}`, cr: net(s5) },
    { date: s5.settledAt, particulars: `NEFT-${s5.utr}-${RZP}`, cr: net(s5) },
    { date: s6.settledAt, particulars: `RTGS-${s6.utr}-${RZP}`, cr: net(s6) },
    { date: '2026-03-12', particulars: 'CHQ DEP/004512/HDFC BANK/MUMBAI', chq: '004512', cr: 2500000 },
  ];
  let balance = 48215077;
  const lines = ['Tran Date,CHQNO,PARTICULARS,DR,CR,BAL'];
  for (const e of entries) {
    balance += (e.cr ?? 0) - (e.dr ?? 0);
    lines.push(
      [
        axisDate(e.date),
        e.chq ?? '',
        csvCell(e.particulars),
        e.dr ? rupees(e.dr) : '',
        e.cr ? rupees(e.cr) : '',
        rupees(balance),
      ].join(','),
    );
  }
  writeFileSync(join(HERE, 'bank-statement.csv'), `${lines.join('\n')}\n`);
}

writeReport();
writeBankStatement();
process.stdout.write('wrote settlement-recon-report.csv, bank-statement.csv\n');
