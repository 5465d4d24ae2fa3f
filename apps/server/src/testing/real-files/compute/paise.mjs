/**
 * Money as integer paise (BigInt), never a float. Accepts what the fixture files carry: an optional minus sign,
 * digits with optional grouping commas (Western 1,234,567.89 or Indian 12,34,567.89) and up to two decimals.
 */
const AMOUNT = /^(-)?(\d{1,3}(?:,\d{2,3})*|\d+)(?:\.(\d{1,2}))?$/;

export function toPaise(text) {
  const match = AMOUNT.exec(text.trim());
  if (!match) throw new Error(`not an amount: '${text}'`);
  const [, minus, whole, fraction = ''] = match;
  const paise = BigInt(whole.replaceAll(',', '')) * 100n + BigInt(fraction.padEnd(2, '0'));
  return minus ? -paise : paise;
}

/** A zero-padded count of paise ("000000123450") to paise. */
export function paiseDigitsToPaise(text) {
  if (!/^\d+$/.test(text)) throw new Error(`not a paise amount: '${text}'`);
  return BigInt(text);
}

/** Paise to the decimal string the product puts on the wire: "-1234.50", "0.07". */
export function formatPaise(paise) {
  const sign = paise < 0n ? '-' : '';
  const abs = paise < 0n ? -paise : paise;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

export const sumPaise = (values) => values.reduce((total, v) => total + v, 0n);
