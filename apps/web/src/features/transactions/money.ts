/**
 * Exact sums of decimal strings (money arrives as text with up to 4 decimals): scaled to integers with BigInt,
 * never through a float, so a selection's total and the difference between sides are to the paisa.
 */
const SCALE_DIGITS = 4;
const SCALE = 10n ** BigInt(SCALE_DIGITS);
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

function toScaled(value: string): bigint | null {
  const m = DECIMAL.exec(value.trim());
  if (!m || (m[2] === '' && !m[3])) return null;
  const fraction = (m[3] ?? '').slice(0, SCALE_DIGITS).padEnd(SCALE_DIGITS, '0');
  const scaled = BigInt(m[2] || '0') * SCALE + BigInt(fraction || '0');
  return m[1] === '-' ? -scaled : scaled;
}

function fromScaled(scaled: bigint): string {
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  const whole = abs / SCALE;
  const fraction = (abs % SCALE).toString().padStart(SCALE_DIGITS, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** The sum of some decimal strings (unreadable and empty values count as nothing). */
export function sumDecimals(values: readonly (string | null | undefined)[]): string {
  let total = 0n;
  for (const v of values) total += (v ? toScaled(v) : null) ?? 0n;
  return fromScaled(total);
}

/** a − b of two decimal strings. */
export function subtractDecimals(a: string, b: string): string {
  return fromScaled((toScaled(a) ?? 0n) - (toScaled(b) ?? 0n));
}

export function isZeroDecimal(value: string): boolean {
  return toScaled(value) === 0n;
}
