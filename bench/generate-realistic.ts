import { createWriteStream, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Data for issue 9's realistic recon bench: side A (gateway settlement credits, one UTR each) and side B (bank
 * statement lines whose only reference is the UTR buried in the narration, `NEFT-<UTR>-<NAME>` and two other
 * shapes), about 1M rows each, as CSV files. The intended rule: extract the UTR from B's narration = A.utr,
 * B.amount = A.amount, B.tran_date within A.value_date + 0..3 days (every B date is 0 to 3 days after its A date).
 *
 * What makes it realistic, by construction and deterministic for a seed:
 *  - 10 % breaks: 5 % of A rows have no bank line, 5 % have one whose amount differs (1 paisa to ₹50);
 *  - duplicates: 1 % of bank lines are posted twice, 0.5 % of A rows are exported twice;
 *  - bank-only lines: UPI payments with a 12-digit RRN and no UTR, 4.5 % (they bring side B to ~1M rows);
 *  - several candidates per key: 7 % of UTRs carry 2 rows per side and 3 % carry 3, so the key join gives 4 or 9
 *    candidate pairs of which only one per row satisfies the amount (group members differ by ₹250) or, for a third
 *    of the 2-row groups, the same amount 7 days apart so only the date window tells them apart.
 * The manifest written next to the files gives the counts a correct one-to-one recon must reach.
 *
 * The bench scenario `realistic` (bench/realistic.ts) generates, loads and reconciles it. Run it alone:
 *   node --import tsx bench/generate-realistic.ts [outDir]    (env BENCH_REALISTIC_ROWS, BENCH_REALISTIC_SEED)
 */
export type RealisticManifest = {
  seed: number;
  events: number;
  files: { sideA: string; sideB: string };
  rows: { sideA: number; sideB: number };
  rule: { sideBKeyRegex: string; amount: string; dateWindowDays: [number, number] };
  expected: {
    matchedPairs: number;
    openSideA: number;
    openSideB: number;
    breakdown: Record<string, number>;
  };
  keys: { single: number; twoRows: number; threeRows: number; sameAmountTwoRows: number };
  seconds: number;
};

const BREAK_MISSING = 0.05;
const BREAK_AMOUNT = 0.1; // cumulative: 5 % more
const DUPLICATE_BANK_LINE = 0.11;
const DUPLICATE_SIDE_A = 0.115;
const GROUP_AMOUNT_STEP_PAISE = 25_000;
const MAX_AMOUNT_DIFFERENCE_PAISE = 5_000;
const SAME_AMOUNT_GAP_DAYS = 7;
const BANK_ONLY_LINE = 0.045; // UPI / IMPS lines with no settlement behind them, per event
const DAYS = 28;
const FIRST_DAY = Date.UTC(2026, 2, 1);
const BANK_CODES = ['YESB', 'ICIC', 'HDFC', 'UTIB', 'KKBK', 'SBIN'];
const PAYEES = [
  'RAZORPAY SOFTWARE PVT LTD',
  'CASHFREE PAYMENTS INDIA',
  'PAYU PAYMENTS PVT LTD',
  'AMAZON SELLER SERVICES',
  'FLIPKART INTERNET PVT LTD',
  'PHONEPE PVT LTD',
  'BRIGHT MART LLP',
  'NAVKAR DISTRIBUTORS',
  'PRIYA ENTERPRISES',
  'ZENITH LIFESTYLE PVT LTD',
  'SAI KRUPA ELECTRICALS',
  'KAVERI STEEL TRADERS',
];

/** mulberry32: a small, fast, seedable generator; the same seed gives the same files. */
function randomFrom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const isoDay = (day: number) => new Date(FIRST_DAY + day * 86_400_000).toISOString().slice(0, 10);
const rupees = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

/** Buffered CSV writer: strings are gathered into ~64 KB chunks and written with back-pressure. */
function csvWriter(path: string, header: string) {
  const out = createWriteStream(path);
  let chunk = `${header}\n`;
  let rows = 0;
  return {
    async write(line: string) {
      chunk += `${line}\n`;
      rows += 1;
      if (chunk.length > 1 << 16) {
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        chunk = '';
      }
    },
    rows: () => rows,
    end: () => new Promise<void>((resolve, reject) => out.end(chunk, () => resolve()).once('error', reject)),
  };
}

export async function generateRealistic(options: { dir: string; rows?: number; seed?: number }) {
  const started = performance.now();
  const events = options.rows ?? 1_000_000;
  const seed = options.seed ?? 20_260_309;
  const random = randomFrom(seed);
  mkdirSync(options.dir, { recursive: true });
  const files = { sideA: join(options.dir, 'side-a-settlements.csv'), sideB: join(options.dir, 'side-b-bank.csv') };
  const a = csvWriter(files.sideA, 'txn_id,utr,value_date,amount,payee,channel');
  const b = csvWriter(files.sideB, 'tran_id,tran_date,narration,amount');
  const counts = { missing: 0, amountDiffers: 0, bankPostedTwice: 0, sideAExportedTwice: 0, bankOnlyLines: 0 };
  const keys = { single: 0, twoRows: 0, threeRows: 0, sameAmountTwoRows: 0 };
  let matchedPairs = 0;
  let groups = 0;
  let bankLine = 0;
  /** NEFT UTRs are 16 characters: bank code, N, year, day of year, a 6-digit sequence per bank and day. */
  const utrSequences = new Map<string, number>();

  for (let event = 0; event < events; ) {
    const pick = random();
    const size = Math.min(pick < 0.9 ? 1 : pick < 0.97 ? 2 : 3, events - event);
    const isSameAmountPair = size === 2 && random() < 1 / 3;
    if (size === 1) keys.single += 1;
    else if (size === 2) keys.twoRows += 1;
    else keys.threeRows += 1;
    if (isSameAmountPair) keys.sameAmountTwoRows += 1;

    groups += 1;
    const day = Math.floor(random() * (DAYS - SAME_AMOUNT_GAP_DAYS));
    const prefix = `${BANK_CODES[groups % BANK_CODES.length]}N26${String(60 + day).padStart(3, '0')}`;
    const sequence = (utrSequences.get(prefix) ?? 0) + 1;
    if (sequence > 999_999) throw new Error(`more than 999,999 UTRs for ${prefix}: lower BENCH_REALISTIC_ROWS`);
    utrSequences.set(prefix, sequence);
    const utr = `${prefix}${String(sequence).padStart(6, '0')}`;
    const payee = PAYEES[Math.floor(random() * PAYEES.length)] as string;
    const baseAmount = 100 + Math.floor(random() * 9_999_900);

    for (let member = 0; member < size; member++, event++) {
      const aDay = isSameAmountPair ? day + member * SAME_AMOUNT_GAP_DAYS : day;
      const amount = isSameAmountPair ? baseAmount : baseAmount + member * GROUP_AMOUNT_STEP_PAISE;
      if (random() < BANK_ONLY_LINE) {
        counts.bankOnlyLines += 1;
        const rrn = String(606_000_000_000 + Math.floor(random() * 999_999_999));
        const paise = 100 + Math.floor(random() * 500_000);
        await b.write(`B${bankLine++},${isoDay(day)},UPI/${rrn}/${payee}/PAYMENT,${rupees(paise)}`);
      }
      const aLine = `ST${event},${utr},${isoDay(aDay)},${rupees(amount)},${payee},${random() < 0.7 ? 'UPI' : 'CARD'}`;
      await a.write(aLine);

      const fate = random();
      if (fate < BREAK_MISSING) {
        counts.missing += 1;
        continue;
      }
      let bankAmount = amount;
      if (fate < BREAK_AMOUNT) {
        counts.amountDiffers += 1;
        const difference = 1 + Math.floor(random() * MAX_AMOUNT_DIFFERENCE_PAISE);
        bankAmount = amount + (random() < 0.5 && amount > difference ? -difference : difference);
      } else {
        matchedPairs += 1;
      }
      const shape = random();
      const narration =
        shape < 0.85
          ? `NEFT-${utr}-${payee}`
          : shape < 0.95
            ? `NEFT/${utr}/${payee}`
            : `NEFT CR-${utr.slice(0, 4)}0000001-${payee}-ACME RETAIL PVT LTD-${utr}`;
      const bLine = `,${isoDay(aDay + Math.floor(random() * 4))},${narration},${rupees(bankAmount)}`;
      await b.write(`B${bankLine++}${bLine}`);
      if (fate >= BREAK_AMOUNT && fate < DUPLICATE_BANK_LINE) {
        counts.bankPostedTwice += 1;
        await b.write(`B${bankLine++}${bLine}`);
      } else if (fate >= DUPLICATE_BANK_LINE && fate < DUPLICATE_SIDE_A) {
        counts.sideAExportedTwice += 1;
        await a.write(aLine);
      }
    }
  }
  await Promise.all([a.end(), b.end()]);

  const manifest: RealisticManifest = {
    seed,
    events,
    files,
    rows: { sideA: a.rows(), sideB: b.rows() },
    rule: {
      sideBKeyRegex: '([A-Z]{4}N[0-9]{11})',
      amount: 'B.amount = A.amount, tolerance 0',
      dateWindowDays: [0, 3],
    },
    expected: {
      matchedPairs,
      openSideA: counts.missing + counts.amountDiffers + counts.sideAExportedTwice,
      openSideB: counts.amountDiffers + counts.bankPostedTwice + counts.bankOnlyLines,
      breakdown: counts,
    },
    keys,
    seconds: Math.round((performance.now() - started) / 10) / 100,
  };
  writeFileSync(join(options.dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? mkdtempSync(join(tmpdir(), 'recon-realistic-'));
  const manifest = await generateRealistic({
    dir,
    rows: Number(process.env.BENCH_REALISTIC_ROWS ?? 1_000_000),
    seed: Number(process.env.BENCH_REALISTIC_SEED ?? 20_260_309),
  });
  console.log(JSON.stringify(manifest, null, 2));
}
