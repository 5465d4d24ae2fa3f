/**
 * Exact money for the GL (decision 0034): PostgreSQL hands sums over as numeric text rounded to 4 places; here they
 * are whole units of 1/10,000 (BigInt), added exactly, and shown rounded half away from zero to the paisa.
 */

const PLACES = 4;
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** "1234.5" → 12345000n (units of 1/10,000). More than 4 places are cut, never rounded: the SQL rounds first. */
export function toUnits(text: string): bigint {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new Error(`not a decimal: ${text}`);
  const whole = m[2] || '0';
  const fraction = (m[3] ?? '').padEnd(PLACES, '0').slice(0, PLACES);
  const units = BigInt(whole) * 10n ** BigInt(PLACES) + BigInt(fraction || '0');
  return m[1] === '-' ? -units : units;
}

export const addMoney = (a: bigint, b: bigint) => a + b;
export const negate = (a: bigint) => -a;

/** Units → "-1234.57": 2 decimals, half away from zero. */
export function toMoney(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const paise = (abs + 50n) / 100n;
  const text = `${paise / 100n}.${(paise % 100n).toString().padStart(2, '0')}`;
  return negative && paise !== 0n ? `-${text}` : text;
}
