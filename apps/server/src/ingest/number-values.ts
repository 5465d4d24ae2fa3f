/**
 * Numbers as files write them, read into the text PostgreSQL's COPY takes for the column, exactly (money and
 * integers never pass through a float). Each reader answers the COPY text of the typed value, or null when
 * the text is not a valid value of the column; it never throws.
 */

// Integer part: plain digits, Western groups (1,234,567) or Indian groups (12,34,567). "1,50" matches none:
// a decimal comma is never read as a thousands separator.
const INT_PART = '([0-9]+|[0-9]{1,3}(,[0-9]{3})+|[0-9]{1,2}(,[0-9]{2})+,[0-9]{3})';
const DECIMAL = `(${INT_PART}(\\.[0-9]*)?|\\.[0-9]+)`;
/** 1,234.50  -12  +3.5e2  (1,234.50) — parentheses are a negative amount. */
export const NUMBER_PATTERN = new RegExp(`^([+-]?${DECIMAL}([eE][+-]?[0-9]{1,2})?|\\(${DECIMAL}\\))$`);
export const INTEGER_PATTERN = new RegExp(`^([+-]?${INT_PART}|\\(${INT_PART}\\))$`);
// Longer text is never read (a million digits would overflow numeric).
const MAX_NUMBER_CHARS = 60;
// Most values are plain: these take them without the grouping patterns or any arithmetic.
const PLAIN_INT32 = /^-?[0-9]{1,9}$/;
const PLAIN_INT53 = /^-?[0-9]{1,15}$/;
/** At most 15 integer and 4 fraction digits: a money value as written, already within numeric(20,4). */
const PLAIN_MONEY = /^-?[0-9]{1,15}(\.[0-9]{1,4})?$/;
const PLAIN_NUMBER = /^-?[0-9]{1,15}(\.[0-9]{1,15})?$/;

const INT32 = { min: -2147483648n, max: 2147483647n };
const INT64 = { min: -9223372036854775808n, max: 9223372036854775807n };
/** numeric(20,4): at most 16 integer digits; in ten-thousandths, the largest magnitude is 20 nines. */
const MONEY_MAX_TEN_THOUSANDTHS = 99_999_999_999_999_999_999n;
const MONEY_SCALE = 4;

/** A matched number without grouping, parentheses or a plus sign: "-1234.50", "3.5e2", "-.5". */
function plainText(text: string): string {
  const isNegative = text.charCodeAt(0) === 40; // (
  let body = text.replace(/[(),]/g, '');
  if (body.charCodeAt(0) === 43) body = body.slice(1); // +
  return isNegative ? `-${body}` : body;
}

const NON_ZERO_DIGIT = /[1-9]/;
/** -0, 0.00 and 0e5 are 0: PostgreSQL's numeric has no negative zero (float8 input would keep one). */
const isZero = (plain: string) => !NON_ZERO_DIGIT.test(plain.split(/[eE]/)[0] as string);

/** Integer columns: INT (32-bit) or BIGINT. */
export function readInteger(text: string, isBig: boolean): string | null {
  if ((isBig ? PLAIN_INT53 : PLAIN_INT32).test(text)) return String(Number(text));
  if (text.length > MAX_NUMBER_CHARS || !INTEGER_PATTERN.test(text)) return null;
  const value = BigInt(plainText(text));
  const range = isBig ? INT64 : INT32;
  return value >= range.min && value <= range.max ? String(value) : null;
}

/**
 * DOUBLE / FLOAT columns. The decimal text goes to PostgreSQL as written (without grouping): its float8
 * input rounds it correctly, as the numeric → float8 cast did. Every value of 60 characters is within the
 * float8 range, so no range check is needed.
 */
export function readFloat(text: string): string | null {
  if (PLAIN_NUMBER.test(text)) return NON_ZERO_DIGIT.test(text) ? text : '0';
  if (text.length > MAX_NUMBER_CHARS || !NUMBER_PATTERN.test(text)) return null;
  const plain = plainText(text);
  return isZero(plain) ? '0' : plain;
}

/** A matched number as an exact decimal: digits and a power of ten (value = ±digits × 10^exponent). */
function decimalOf(plain: string): { isNegative: boolean; digits: bigint; exponent: number } {
  const isNegative = plain.charCodeAt(0) === 45; // -
  const unsigned = isNegative ? plain.slice(1) : plain;
  const [mantissa = '', power] = unsigned.split(/[eE]/);
  const [whole = '', fraction = ''] = mantissa.split('.');
  return {
    isNegative,
    digits: BigInt(`${whole}${fraction}` || '0'),
    exponent: (power ? Number(power) : 0) - fraction.length,
  };
}

/**
 * Money columns (numeric(20,4); DOUBLE and FLOAT are the only money types): rounded to 4 decimals half away
 * from zero, as PostgreSQL's round() does, and refused beyond ±9999999999999999.9999.
 */
export function readMoney(text: string): string | null {
  if (PLAIN_MONEY.test(text)) return NON_ZERO_DIGIT.test(text) ? text : '0';
  if (text.length > MAX_NUMBER_CHARS || !NUMBER_PATTERN.test(text)) return null;
  const { isNegative, digits, exponent } = decimalOf(plainText(text));
  const shift = exponent + MONEY_SCALE;
  let scaled: bigint;
  if (shift >= 0) scaled = digits * 10n ** BigInt(shift);
  else {
    const divisor = 10n ** BigInt(-shift);
    scaled = digits / divisor;
    if ((digits % divisor) * 2n >= divisor) scaled += 1n;
  }
  if (scaled > MONEY_MAX_TEN_THOUSANDTHS) return null;
  if (scaled === 0n) return '0';
  const padded = String(scaled).padStart(MONEY_SCALE + 1, '0');
  const cut = padded.length - MONEY_SCALE;
  return `${isNegative ? '-' : ''}${padded.slice(0, cut)}.${padded.slice(cut)}`;
}
