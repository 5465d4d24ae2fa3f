/** Words written in capitals in a heading: banking acronyms and "id". */
const ACRONYMS = new Set([
  'id',
  'utr',
  'rrn',
  'upi',
  'neft',
  'imps',
  'rtgs',
  'gst',
  'tds',
  'ifsc',
  'mcc',
  'arn',
  'txn',
]);

/**
 * A column name as a heading, as the Transactions tabs show it and the exports write it: "value_date" →
 * "Value Date", "txn_id" → "TXN ID".
 */
export function columnHeading(name: string): string {
  return name
    .split('_')
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}
