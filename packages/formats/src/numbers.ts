/**
 * Numbers as banks, gateways and card networks write them, read into one plain decimal text
 * (`-1234.50`, `3.5e2`): the caller (ingestion's column readers) then checks the column's range and rounds
 * money, exactly. Nothing here passes through a float: signs, grouping and the scale are text operations.
 *
 * What a format may accept, each an option (the default is what every file has always been read with):
 * - grouping of the integer part: `any` (plain, Western 1,234,567 or Indian 12,34,567), `western`, `indian`,
 *   `none`; "1,50" is never read (a decimal comma is not a thousands separator);
 * - negatives: a leading sign and parentheses `(1,234.50)` always; a trailing minus `1,234.50-` as an option;
 *   a Dr / Cr suffix (`500.00 Dr`, `500.00CR`, `Cr.`, or one letter: `000000012345D`) as an option saying which
 *   of the two is negative;
 * - a currency symbol or code before or after the number (₹, Rs, Rs., INR, $, USD, €, EUR, £, GBP);
 * - a scale: the written value divided by 10^scale (2 reads paise as rupees: `12345` → `123.45`).
 * A value carries at most one sign: `(-5)`, `-5 Dr` and `5- Cr` are refused, never guessed.
 */

export const NUMBER_GROUPINGS = ['any', 'western', 'indian', 'none'] as const;
export type NumberGrouping = (typeof NUMBER_GROUPINGS)[number];

export const DR_CR_MODES = ['none', 'drNegative', 'crNegative'] as const;
export type DrCrMode = (typeof DR_CR_MODES)[number];

export const MAX_NUMBER_SCALE = 6;

export type NumberFormat = {
  grouping: NumberGrouping;
  /** `1,234.50-` is negative. */
  trailingMinus: boolean;
  /** none: a Dr / Cr suffix is refused; drNegative: `Dr` is negative, `Cr` positive; crNegative the reverse. */
  drCr: DrCrMode;
  /** A currency symbol or code before or after the number is dropped. */
  currency: boolean;
  /** The written value is divided by 10^scale (0–6): 2 reads paise as rupees. */
  scale: number;
};

export const DEFAULT_NUMBER_FORMAT: NumberFormat = {
  grouping: 'any',
  trailingMinus: false,
  drCr: 'none',
  currency: false,
  scale: 0,
};

/** Whether a format reads exactly as the default does (ingestion then keeps its fastest path). */
export function isDefaultNumberFormat(f: NumberFormat | null | undefined): boolean {
  return !f || (f.grouping === 'any' && !f.trailingMinus && f.drCr === 'none' && !f.currency && (f.scale ?? 0) === 0);
}

/** Integer parts by grouping. Plain digits are always accepted. */
const INTEGER_PARTS: Record<NumberGrouping, string> = {
  none: '[0-9]+',
  western: '[0-9]+|[0-9]{1,3}(?:,[0-9]{3})+',
  // Below a lakh an Indian number looks Western (1,234 and 12,345), so those are Indian too.
  indian: '[0-9]+|[0-9]{1,2}(?:,[0-9]{2})*,[0-9]{3}',
  any: '[0-9]+|[0-9]{1,3}(?:,[0-9]{3})+|[0-9]{1,2}(?:,[0-9]{2})+,[0-9]{3}',
};

/** A body: integer part with an optional fraction, or a bare fraction; then an optional exponent. */
const BODY_PATTERNS: Record<NumberGrouping, RegExp> = Object.fromEntries(
  Object.entries(INTEGER_PARTS).map(([k, part]) => [
    k,
    new RegExp(`^(?:(?:${part})(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]{1,2})?$`),
  ]),
) as Record<NumberGrouping, RegExp>;

// Longer text is never read (the column readers cap a value at 60 characters; symbols and suffixes add a few).
const MAX_TEXT_CHARS = 80;
const CURRENCY = '₹|rs\\.?|inr|\\$|usd|€|eur|£|gbp';
const LEADING_CURRENCY = new RegExp(`^([+-]?)\\s*(?:${CURRENCY})\\s*`, 'i');
const TRAILING_CURRENCY = new RegExp(`\\s*(?:${CURRENCY})$`, 'i');
// Dr / Cr as statements write it; card-network files write one letter (D / C) after the amount.
const DR_CR_SUFFIX = /\s*(dr|cr|d|c)\.?$/i;

/** Moves the decimal point of an unsigned decimal `scale` places left: `12345`, 2 → `123.45`; `5`, 2 → `0.05`. */
export function shiftDecimalLeft(unsigned: string, scale: number): string {
  if (scale === 0) return unsigned;
  const [mantissa = '', exponent] = unsigned.split(/[eE]/);
  if (exponent !== undefined) return `${mantissa}e${Number(exponent) - scale}`;
  const [whole = '', fraction = ''] = mantissa.split('.');
  const digits = (whole + fraction).replace(/^0+(?=[0-9])/, '');
  const point = whole.replace(/^0+/, '').length - scale;
  const padded = point <= 0 ? '0'.repeat(1 - point) + digits : digits;
  const at = Math.max(point, 1);
  const intPart = padded.slice(0, at).replace(/^0+(?=[0-9])/, '') || '0';
  const fracPart = padded.slice(at);
  return fracPart ? `${intPart}.${fracPart}` : intPart;
}

/**
 * The plain decimal text of a written number (`-1234.50`, `0.05`, `3.5e2`: no grouping, no symbol, at most a
 * leading minus), or null when the text is not a number in this format.
 */
export function readNumberText(text: string, format: NumberFormat = DEFAULT_NUMBER_FORMAT): string | null {
  let s = text.trim();
  if (s === '' || s.length > MAX_TEXT_CHARS) return null;
  let signs = 0;
  let isNegative = false;
  const negate = () => {
    signs += 1;
    isNegative = true;
  };

  if (format.drCr !== 'none') {
    const m = DR_CR_SUFFIX.exec(s);
    if (m) {
      signs += 1;
      const isDebit = (m[1] as string).toLowerCase().startsWith('d');
      isNegative = isDebit === (format.drCr === 'drNegative');
      s = s.slice(0, m.index).trimEnd();
    }
  }
  if (s.startsWith('(') && s.endsWith(')')) {
    negate();
    s = s.slice(1, -1).trim();
  }
  if (format.currency) {
    const lead = LEADING_CURRENCY.exec(s);
    if (lead) s = `${lead[1]}${s.slice(lead[0].length)}`;
    else s = s.replace(TRAILING_CURRENCY, '');
  }
  if (format.trailingMinus && s.endsWith('-')) {
    negate();
    s = s.slice(0, -1).trimEnd();
  }
  const first = s.charCodeAt(0);
  if (first === 45 /* - */) {
    negate();
    s = s.slice(1);
  } else if (first === 43 /* + */) {
    signs += 1;
    s = s.slice(1);
  }
  if (signs > 1 || !BODY_PATTERNS[format.grouping].test(s)) return null;
  const body = shiftDecimalLeft(s.replaceAll(',', ''), format.scale);
  return isNegative ? `-${body}` : body;
}

/** A few words for a format's options, for messages: "Dr negative, ₹ / Rs, ÷ 100". Empty for the default. */
export function describeNumberFormat(f: NumberFormat): string {
  const parts: string[] = [];
  if (f.grouping !== 'any') parts.push(`${f.grouping} grouping`);
  if (f.trailingMinus) parts.push('trailing minus');
  if (f.drCr !== 'none') parts.push(f.drCr === 'drNegative' ? 'Dr negative' : 'Cr negative');
  if (f.currency) parts.push('currency symbol');
  if (f.scale > 0) parts.push(`÷ ${10 ** f.scale}`);
  return parts.join(', ');
}
