/**
 * Writes the network-raw family: a headerless fixed-width raw settlement file (`.dat`, day 1), the same record
 * layout pipe-delimited (`.psv`, day 2), each closed by a trailer record, and the acquirer switch's transaction log
 * (CSV, rupee amounts) they reconcile with. Field widths follow ISO 8583 (RRN an 12, STAN n 6, amount n 12 in
 * minor units, MCC n 4, terminal id 8, merchant id 15); the positions are this fixture's own (see README).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const RECORD_LENGTH = 109;

/** [name, width, alignment]: numbers zero-filled on the left, text space-filled on the right. */
const DETAIL_LAYOUT = [
  ['record_type', 1, 'text'],
  ['txn_type', 3, 'text'],
  ['rrn', 12, 'digits'],
  ['stan', 6, 'digits'],
  ['txn_date', 8, 'digits'],
  ['txn_time', 6, 'digits'],
  ['amount_paise', 12, 'digits'],
  ['currency_code', 3, 'digits'],
  ['dr_cr', 1, 'text'],
  ['response_code', 2, 'text'],
  ['mcc', 4, 'digits'],
  ['merchant_id', 15, 'text'],
  ['terminal_id', 8, 'text'],
  ['settlement_date', 8, 'digits'],
  ['merchant_name', 20, 'text'],
];

function fixed(value, width, kind) {
  const text = String(value);
  if (text.length > width) throw new Error(`${text} is wider than ${width}`);
  return kind === 'digits' ? text.padStart(width, '0') : text.padEnd(width, ' ');
}

const MERCHANTS = {
  chai: { merchant_id: 'ACQ000000104523', terminal_id: 'T0104523', mcc: '5812', merchant_name: 'CHAI POINT FORT' },
  mart: { merchant_id: 'ACQ000000287710', terminal_id: 'T0287710', mcc: '5411', merchant_name: 'DAILY NEEDS MART' },
  fuel: { merchant_id: 'ACQ000000391044', terminal_id: 'T0391044', mcc: '5541', merchant_name: 'HP FUELS ANDHERI' },
  pharma: { merchant_id: 'ACQ000000455902', terminal_id: 'T0455902', mcc: '5912', merchant_name: 'WELLNESS PHARMACY' },
};

/**
 * [rrn, stan, time, paise, merchant, options]. `ledger` says how the switch logged the same transaction:
 * absent = as the network has it; false = not logged; otherwise the fields that differ.
 */
const DAY_1 = {
  date: '20260305',
  settlement: '20260306',
  txns: [
    ['000041283907', '000117', '091204', 45000, 'chai'],
    ['000041283908', '000118', '091731', 12000, 'chai'],
    ['606409127734', '000119', '093355', 1268500, 'mart'],
    ['000041283911', '000120', '101502', 250050, 'fuel'],
    ['606410445512', '000121', '104418', 99900, 'pharma'],
    ['000041283914', '000122', '112046', 375000, 'fuel', { ledger: { paise: 375001 } }],
    ['606411203394', '000123', '114959', 245680, 'mart'],
    ['000041283917', '000124', '120733', 8000, 'chai', { response: '05', ledger: false }],
    ['000041283918', '000125', '121910', 560000, 'fuel'],
    ['606413650077', '000126', '130208', 129900, 'pharma'],
    ['000041283920', '000127', '134455', 31500, 'chai'],
    ['606414882031', '000128', '141127', 354000, 'mart', { ledger: false }],
    ['000041283923', '000129', '145802', 1500000, 'fuel'],
    ['000041283923', '000129', '145802', 1500000, 'fuel', { networkDuplicate: true }],
    ['606415338190', '000130', '153340', 482499, 'mart'],
    ['000041283926', '000131', '162215', 70000, 'chai'],
    ['606417012233', '000132', '170946', 1240000, 'pharma', { type: 'REF', drCr: 'D' }],
    ['000041283929', '000133', '181829', 999900, 'fuel'],
    ['606419022871', '000134', '193017', 236000, 'mart'],
    ['000041283932', '000135', '235958', 54000, 'chai', { ledger: { date: '2026-03-06', time: '000003' } }],
  ],
};
const DAY_2 = {
  date: '20260306',
  settlement: '20260307',
  txns: [
    ['000041284001', '000201', '081516', 38000, 'chai'],
    ['606508112093', '000202', '083907', 845623, 'mart'],
    ['000041284004', '000203', '092244', 410000, 'fuel'],
    ['606509550013', '000204', '095531', 312705, 'pharma'],
    ['000041284007', '000205', '104812', 27000, 'chai'],
    ['606511004562', '000206', '112703', 1523400, 'mart', { type: 'REF', drCr: 'D' }],
    ['000041284010', '000207', '120139', 680000, 'fuel'],
    ['606512712260', '000208', '124420', 650000, 'pharma'],
    ['000041284013', '000209', '133805', 15000, 'chai'],
    ['606514045118', '000210', '141952', 247800, 'mart'],
    ['000041284016', '000211', '150447', 1100000, 'fuel'],
    ['606516618822', '000212', '163318', 475000, 'pharma'],
  ],
};
/** Logged by the switch, absent from both network files. */
const SWITCH_ONLY = [['606517903301', '2026-03-06', '171144', 88800, 'mart']];

function detailRecord(day, [rrn, stan, time, paise, merchant, options = {}]) {
  return {
    record_type: 'D',
    txn_type: options.type ?? 'PAY',
    rrn,
    stan,
    txn_date: day.date,
    txn_time: time,
    amount_paise: paise,
    currency_code: '356',
    dr_cr: options.drCr ?? 'C',
    response_code: options.response ?? '00',
    ...MERCHANTS[merchant],
    settlement_date: day.settlement,
  };
}

/** Trailer: record count and the hash total of every detail amount, as control totals for the file. */
const trailerFields = (records, fileDate) => [
  'T',
  String(records.length).padStart(9, '0'),
  String(records.reduce((sum, r) => sum + r.amount_paise, 0)).padStart(15, '0'),
  fileDate,
];

function writeFixedWidth() {
  const records = DAY_1.txns.map((t) => detailRecord(DAY_1, t));
  const lines = records.map((r) => DETAIL_LAYOUT.map(([name, width, kind]) => fixed(r[name], width, kind)).join(''));
  lines.push(trailerFields(records, DAY_1.settlement).join('').padEnd(RECORD_LENGTH, ' '));
  for (const l of lines) if (l.length !== RECORD_LENGTH) throw new Error(`record of ${l.length} characters`);
  writeFileSync(join(HERE, `UPI_RAW_ACQ_${DAY_1.date}_01.dat`), `${lines.join('\r\n')}\r\n`);
}

/** The pipe variant: same fields and order, trimmed, amounts in paise without padding, RRNs keep their zeros. */
function writePipeDelimited() {
  const records = DAY_2.txns.map((t) => detailRecord(DAY_2, t));
  const lines = records.map((r) => DETAIL_LAYOUT.map(([name]) => String(r[name])).join('|'));
  lines.push(trailerFields(records, DAY_2.settlement).join('|'));
  writeFileSync(join(HERE, `UPI_RAW_ACQ_${DAY_2.date}_01.psv`), `${lines.join('\n')}\n`);
}

function writeSwitchLog() {
  const rupees = (paise) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
  const iso = (yyyymmdd) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6)}`;
  const rows = [];
  for (const day of [DAY_1, DAY_2]) {
    for (const [rrn, , time, paise, merchant, options = {}] of day.txns) {
      if (options.ledger === false || options.networkDuplicate) continue;
      const differs = options.ledger ?? {};
      rows.push({
        rrn,
        date: differs.date ?? iso(day.date),
        time: differs.time ?? time,
        paise: differs.paise ?? paise,
        type: options.type === 'REF' ? 'REFUND' : 'PURCHASE',
        merchant,
      });
    }
  }
  for (const [rrn, date, time, paise, merchant] of SWITCH_ONLY) {
    rows.push({ rrn, date, time, paise, type: 'PURCHASE', merchant });
  }
  const lines = ['switch_txn_id,rrn,txn_date,txn_time,amount,txn_type,status,merchant_id,terminal_id'];
  rows.forEach((r, i) => {
    const m = MERCHANTS[r.merchant];
    const time = `${r.time.slice(0, 2)}:${r.time.slice(2, 4)}:${r.time.slice(4)}`;
    lines.push(
      [
        `SW${String(880412 + i)}`,
        r.rrn,
        r.date,
        time,
        rupees(r.paise),
        r.type,
        'SUCCESS',
        m.merchant_id,
        m.terminal_id,
      ].join(','),
    );
  });
  writeFileSync(join(HERE, 'switch-ledger.csv'), `${lines.join('\n')}\n`);
}

writeFixedWidth();
writePipeDelimited();
writeSwitchLog();
process.stdout.write('wrote the .dat, the .psv and switch-ledger.csv\n');
