/**
 * Writes the Amazon family's files from the business events below: four Flat File V2 settlement reports (TSV as
 * `.txt`), the seller's order export and the bank statement that credits the settlements. The events are the
 * single source; amounts are integer paise. `node make-files.mjs` rewrites the files; compute-expected.mjs then
 * derives the expected results from the files alone.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));

/** The V2 header: the 23 attributes of Amazon's SP-API list in their order, then promotion-id as real files end. */
const V2_COLUMNS = [
  'settlement-id',
  'settlement-start-date',
  'settlement-end-date',
  'deposit-date',
  'total-amount',
  'currency',
  'transaction-type',
  'order-id',
  'merchant-order-id',
  'adjustment-id',
  'shipment-id',
  'marketplace-name',
  'amount-type',
  'amount-description',
  'amount',
  'fulfillment-id',
  'posted-date',
  'posted-date-time',
  'order-item-code',
  'merchant-order-item-id',
  'merchant-adjustment-item-id',
  'sku',
  'quantity-purchased',
  'promotion-id',
];

const GST_PERCENT = 18;
const COMMISSION_PERCENT = 8;
const TCS_PER_MILLE = 5; // TCS under GST, 0.5 % (IGST) of the item price
const FIXED_CLOSING_FEE_PAISE = 2500;
const FBA_PER_UNIT_FEE_PAISE = 4300;
const FBA_WEIGHT_FEE_PAISE = 3800;
const REFUND_COMMISSION_PERCENT = 20; // Amazon keeps this share of the refunded commission

const pct = (paise, percent) => Math.round((paise * percent) / 100);
const rupees = (paise) => {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
/** posted-date is MM/DD/YY (Amazon's SP-API changelog), posted-date-time YYYY-MM-DD HH:MM:SS UTC. */
const postedDate = (utc) => `${utc.slice(5, 7)}/${utc.slice(8, 10)}/${utc.slice(2, 4)}`;

function itemRows(item) {
  const principal = item.qty * item.unitPaise;
  const tax = pct(principal, GST_PERCENT);
  const commission = pct(principal, COMMISSION_PERCENT);
  const tcs = Math.round((principal * TCS_PER_MILLE) / 1000);
  return { principal, tax, commission, tcs };
}

/** One order: per item the Principal, Tax, promotions, fees and withheld tax rows, as Amazon posts them. */
function order({ orderId, shipmentId, fulfillment, posted, items, shipping }) {
  const rows = [];
  for (const item of items) {
    const { principal, tax, commission, tcs } = itemRows(item);
    const base = {
      'transaction-type': 'Order',
      'order-id': orderId,
      'shipment-id': shipmentId,
      'marketplace-name': 'Amazon.in',
      'fulfillment-id': fulfillment,
      'posted-date': postedDate(posted),
      'posted-date-time': `${posted} UTC`,
      'order-item-code': item.itemCode,
      sku: item.sku,
      'quantity-purchased': String(item.qty),
    };
    rows.push({ ...base, 'amount-type': 'ItemPrice', 'amount-description': 'Principal', amount: principal });
    rows.push({ ...base, 'amount-type': 'ItemPrice', 'amount-description': 'Tax', amount: tax });
    if (shipping) {
      rows.push({ ...base, 'amount-type': 'ItemPrice', 'amount-description': 'Shipping', amount: shipping.paise });
      rows.push({
        ...base,
        'amount-type': 'ItemPrice',
        'amount-description': 'ShippingTax',
        amount: pct(shipping.paise, GST_PERCENT),
      });
      if (shipping.promotionId) {
        rows.push({
          ...base,
          'amount-type': 'Promotion',
          'amount-description': 'Shipping',
          amount: -shipping.paise,
          'promotion-id': shipping.promotionId,
        });
      }
    }
    if (item.promotion) {
      rows.push({
        ...base,
        'amount-type': 'Promotion',
        'amount-description': 'Principal',
        amount: -item.promotion.paise,
        'promotion-id': item.promotion.id,
      });
    }
    rows.push({ ...base, 'amount-type': 'ItemFees', 'amount-description': 'Commission', amount: -commission });
    rows.push({
      ...base,
      'amount-type': 'ItemFees',
      'amount-description': 'FixedClosingFee',
      amount: -FIXED_CLOSING_FEE_PAISE,
    });
    if (fulfillment === 'AFN') {
      rows.push({
        ...base,
        'amount-type': 'ItemFees',
        'amount-description': 'FBAPerUnitFulfillmentFee',
        amount: -FBA_PER_UNIT_FEE_PAISE * item.qty,
      });
      rows.push({
        ...base,
        'amount-type': 'ItemFees',
        'amount-description': 'FBAWeightBasedFee',
        amount: -FBA_WEIGHT_FEE_PAISE * item.qty,
      });
    }
    rows.push({ ...base, 'amount-type': 'ItemWithheldTax', 'amount-description': 'TCS-IGST', amount: -tcs });
  }
  return rows;
}

/** A customer refund of one item: price and tax returned, commission returned less Amazon's refund commission. */
function refund({ orderId, adjustmentId, fulfillment, posted, item }) {
  const { principal, tax, commission, tcs } = itemRows(item);
  const base = {
    'transaction-type': 'Refund',
    'order-id': orderId,
    'adjustment-id': adjustmentId,
    'marketplace-name': 'Amazon.in',
    'fulfillment-id': fulfillment,
    'posted-date': postedDate(posted),
    'posted-date-time': `${posted} UTC`,
    'merchant-adjustment-item-id': `${adjustmentId}-1`,
    sku: item.sku,
    'quantity-purchased': String(item.qty),
  };
  return [
    { ...base, 'amount-type': 'ItemPrice', 'amount-description': 'Principal', amount: -principal },
    { ...base, 'amount-type': 'ItemPrice', 'amount-description': 'Tax', amount: -tax },
    { ...base, 'amount-type': 'ItemFees', 'amount-description': 'Commission', amount: commission },
    {
      ...base,
      'amount-type': 'ItemFees',
      'amount-description': 'RefundCommission',
      amount: -pct(commission, REFUND_COMMISSION_PERCENT),
    },
    { ...base, 'amount-type': 'ItemWithheldTax', 'amount-description': 'TCS-IGST', amount: tcs },
  ];
}

function storageFee({ posted, paise }) {
  return [
    {
      'transaction-type': 'other-transaction',
      'amount-type': 'other-transaction',
      'amount-description': 'Storage Fee',
      amount: -paise,
      'posted-date': postedDate(posted),
      'posted-date-time': `${posted} UTC`,
    },
  ];
}

const SKU = {
  speaker: { sku: 'BT-SPK-MINI-BLK', unitPaise: 149900 },
  cable: { sku: 'USB-C-CBL-1M', unitPaise: 34900 },
  mat: { sku: 'YOGA-MAT-6MM-PRP', unitPaise: 89900 },
  blocks: { sku: 'YOGA-BLK-EVA-2PK', unitPaise: 44900 },
  bottle: { sku: 'STEEL-BTL-750-SLV', unitPaise: 59900 },
  lamp: { sku: 'LED-DESK-LMP-WHT', unitPaise: 189900 },
};
const line = (product, qty, itemCode, extra = {}) => ({ ...SKU[product], qty, itemCode, ...extra });

/** Four consecutive 14-day settlements; deposit two days after the period ends, at the period's time of day. */
const SETTLEMENTS = [
  {
    id: '24871033021',
    start: '2026-02-26 03:27:08 UTC',
    end: '2026-03-12 03:27:08 UTC',
    deposit: '2026-03-14 03:27:08 UTC',
    events: [
      order({
        orderId: '402-6180153-2277921',
        shipmentId: 'DmZq4Lx8R',
        fulfillment: 'AFN',
        posted: '2026-02-27 09:14:52',
        items: [line('speaker', 1, '63719058234411')],
      }),
      order({
        orderId: '403-9127734-5630716',
        shipmentId: 'D7bKp2WtN',
        fulfillment: 'AFN',
        posted: '2026-03-01 11:02:37',
        items: [line('cable', 2, '63719058234522')],
      }),
      order({
        orderId: '404-2215987-1184355',
        shipmentId: 'DJ3sYq9Vc',
        fulfillment: 'AFN',
        posted: '2026-03-03 16:45:10',
        items: [line('mat', 1, '63719058234633'), line('blocks', 1, '63719058234644')],
      }),
      order({
        orderId: '405-7743120-9012264',
        shipmentId: 'DpQ8nR2xF',
        fulfillment: 'MFN',
        posted: '2026-03-05 07:58:44',
        items: [line('bottle', 1, '63719058234755')],
        shipping: { paise: 6000, promotionId: 'FREE-SHIP-IN-2026' },
      }),
      order({
        orderId: '406-3390871-4478019',
        shipmentId: 'DxV7mC1kT',
        fulfillment: 'AFN',
        posted: '2026-03-08 13:21:05',
        items: [line('lamp', 1, '63719058234866', { promotion: { id: 'COUPON-LAMP10', paise: 19000 } })],
      }),
      order({
        orderId: '407-1528846-7301152',
        shipmentId: 'Dg5Hw3ZqL',
        fulfillment: 'AFN',
        posted: '2026-03-10 18:37:29',
        items: [line('speaker', 1, '63719058234977')],
      }),
      refund({
        orderId: '408-5512093-6627340',
        adjustmentId: '50122377491',
        fulfillment: 'AFN',
        posted: '2026-03-11 10:05:16',
        item: line('blocks', 1, '63719058230011'),
      }),
    ].flat(),
  },
  {
    id: '24901245731',
    start: '2026-03-12 03:27:08 UTC',
    end: '2026-03-26 03:27:08 UTC',
    deposit: '2026-03-28 03:27:08 UTC',
    events: [
      order({
        orderId: '171-4482019-5519032',
        shipmentId: 'DcR2vN8mQ',
        fulfillment: 'AFN',
        posted: '2026-03-13 08:11:43',
        items: [line('cable', 1, '63719058235088')],
      }),
      order({
        orderId: '171-9935012-0071548',
        shipmentId: 'DkT6pW4sB',
        fulfillment: 'AFN',
        posted: '2026-03-15 12:49:02',
        items: [line('mat', 1, '63719058235199')],
      }),
      order({
        orderId: '402-3328817-6640093',
        shipmentId: 'DzL9qF5hJ',
        fulfillment: 'AFN',
        posted: '2026-03-18 15:30:57',
        items: [line('lamp', 1, '63719058235200')],
      }),
      order({
        orderId: '403-6610443-2209871',
        shipmentId: 'DbN4xK7rV',
        fulfillment: 'AFN',
        posted: '2026-03-20 10:26:38',
        items: [line('bottle', 3, '63719058235311')],
      }),
      order({
        orderId: '404-8876501-3319420',
        shipmentId: 'DfW1sM6yP',
        fulfillment: 'AFN',
        posted: '2026-03-21 19:04:11',
        items: [line('speaker', 1, '63719058235422')],
      }),
      refund({
        orderId: '404-8876501-3319420',
        adjustmentId: '50122381266',
        fulfillment: 'AFN',
        posted: '2026-03-25 06:52:30',
        item: line('speaker', 1, '63719058235422'),
      }),
    ].flat(),
  },
  {
    id: '24933811451',
    start: '2026-03-26 03:27:08 UTC',
    end: '2026-04-09 03:27:08 UTC',
    deposit: '2026-04-11 03:27:08 UTC',
    events: [
      order({
        orderId: '405-1204478-8856013',
        shipmentId: 'DhY3cT9nL',
        fulfillment: 'AFN',
        posted: '2026-03-27 09:40:21',
        items: [line('speaker', 1, '63719058235533')],
      }),
      order({
        orderId: '406-5561290-7782204',
        shipmentId: 'DqM8bR2wK',
        fulfillment: 'AFN',
        posted: '2026-03-31 14:15:48',
        items: [line('cable', 2, '63719058235644'), line('bottle', 1, '63719058235655')],
      }),
      order({
        orderId: '407-8830015-4419986',
        shipmentId: 'DsV5kN1xZ',
        fulfillment: 'MFN',
        posted: '2026-04-04 17:58:06',
        items: [line('blocks', 1, '63719058235766')],
        shipping: { paise: 4000 },
      }),
    ].flat(),
  },
  {
    id: '24966402191',
    start: '2026-04-09 03:27:08 UTC',
    end: '2026-04-23 03:27:08 UTC',
    deposit: '2026-04-25 03:27:08 UTC',
    events: [
      order({
        orderId: '408-2297764-1150837',
        shipmentId: 'DtP6wQ3mC',
        fulfillment: 'AFN',
        posted: '2026-04-12 11:33:14',
        items: [line('lamp', 1, '63719058235877')],
      }),
      order({
        orderId: '171-6673329-8802115',
        shipmentId: 'DyR9hL4vS',
        fulfillment: 'AFN',
        posted: '2026-04-16 08:07:52',
        items: [line('mat', 1, '63719058235988')],
      }),
      storageFee({ posted: '2026-04-20 00:00:00', paise: 31250 }),
    ].flat(),
  },
];

function writeSettlementReport(settlement) {
  const total = settlement.events.reduce((sum, row) => sum + row.amount, 0);
  const summary = {
    'settlement-id': settlement.id,
    'settlement-start-date': settlement.start,
    'settlement-end-date': settlement.end,
    'deposit-date': settlement.deposit,
    'total-amount': rupees(total),
    currency: 'INR',
  };
  const rows = [
    summary,
    ...settlement.events.map((row) => ({ ...row, 'settlement-id': settlement.id, amount: rupees(row.amount) })),
  ];
  const text = [V2_COLUMNS, ...rows.map((row) => V2_COLUMNS.map((c) => row[c] ?? ''))]
    .map((cells) => cells.join('\t'))
    .join('\r\n');
  writeFileSync(join(HERE, `settlement-${settlement.id}.txt`), `${text}\r\n`);
  return total;
}

/** The seller's own order system: one line per order, the order's item price (Σ units × unit price). */
function writeSellerOrders() {
  const orders = new Map();
  for (const s of SETTLEMENTS) {
    for (const row of s.events) {
      if (
        row['transaction-type'] === 'Order' &&
        row['amount-type'] === 'ItemPrice' &&
        row['amount-description'] === 'Principal'
      ) {
        const o = orders.get(row['order-id']) ?? { price: 0, lines: 0, posted: row['posted-date-time'] };
        o.price += row.amount;
        o.lines += 1;
        orders.set(row['order-id'], o);
      }
    }
  }
  // Deliberate breaks: a 1-paisa price difference, a line exported twice, an order the export lacks, an order
  // placed but not settled yet.
  orders.get('171-9935012-0071548').price += 1;
  orders.delete('407-1528846-7301152');
  const lines = [...orders.entries()].map(([orderId, o]) => ({ orderId, ...o }));
  const duplicated = lines.find((l) => l.orderId === '402-3328817-6640093');
  lines.splice(lines.indexOf(duplicated) + 1, 0, duplicated);
  lines.push({ orderId: '402-7719356-0043318', price: 59900, lines: 1, posted: '2026-04-28 16:20:00 UTC' });
  const istOrderDate = (utc) => {
    const t = new Date(`${utc.slice(0, 10)}T${utc.slice(11, 19)}Z`).getTime() + 5.5 * 3600 * 1000;
    const d = new Date(t).toISOString();
    return `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)} ${d.slice(11, 16)}`;
  };
  const text = [
    'order_id,order_date,channel,item_count,item_price,currency',
    ...lines.map((l) => `${l.orderId},${istOrderDate(l.posted)},Amazon.in,${l.lines},${rupees(l.price)},INR`),
  ].join('\n');
  writeFileSync(join(HERE, 'seller-orders.csv'), `${text}\n`);
}

const indianGrouping = (paise) => {
  const [whole, fraction] = rupees(paise).split('.');
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest ? `${rest},` : ''}${last3}.${fraction}`;
};
const MONTH = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const sbiDate = (iso) => `${iso.slice(8, 10)} ${MONTH[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;

/** The seller's current account (SBI-style CSV): Amazon credits 2 to 6 days after the deposit date, and others. */
function writeBankStatement(totals) {
  const AMAZON = 'AMAZON SELLER SERVICES PVT LTD';
  const entries = [
    { date: '2026-03-02', utr: 'CITIN26061204417', party: AMAZON, credit: 1824560 },
    { date: '2026-03-05', utr: 'HDFCN26064012233', party: 'SHREE PACKAGING WORKS', debit: 1240000 },
    { date: '2026-03-16', utr: 'CITIN26075118820', party: AMAZON, credit: totals['24871033021'] },
    { date: '2026-03-20', utr: 'CPIN26032700012345', party: 'GST PAYMENT', debit: 891000, kind: 'GST' },
    { date: '2026-04-03', utr: 'CITIN26093127705', party: AMAZON, credit: totals['24901245731'] },
    { date: '2026-04-13', utr: 'CITIN26103140962', party: AMAZON, credit: totals['24933811451'] - 1 },
    { date: '2026-04-18', utr: 'HDFCN26108055310', party: 'BLUEDART EXPRESS LTD', debit: 468250 },
  ];
  let balance = 31245000;
  const lines = ['Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance'];
  for (const e of entries) {
    balance += (e.credit ?? 0) - (e.debit ?? 0);
    const description = e.kind === 'GST' ? `GST CHALLAN ${e.utr}` : `NEFT-${e.utr}-${e.party}`;
    const cell = (paise) => (paise === undefined ? '' : `"${indianGrouping(paise)}"`);
    lines.push(
      [sbiDate(e.date), sbiDate(e.date), description, e.utr, cell(e.debit), cell(e.credit), cell(balance)].join(','),
    );
  }
  writeFileSync(join(HERE, 'bank-statement.csv'), `${lines.join('\n')}\n`);
}

const totals = Object.fromEntries(SETTLEMENTS.map((s) => [s.id, writeSettlementReport(s)]));
writeSellerOrders();
writeBankStatement(totals);
process.stdout.write(`wrote ${SETTLEMENTS.length} settlement reports, seller-orders.csv, bank-statement.csv\n`);
