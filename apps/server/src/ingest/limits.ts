/** A data source's limit on invalid or duplicate rows of one file. */
export type RowLimit = { value: string; unit: 'COUNT' | 'PERCENTAGE' | null };

/** numeric(20,4) text → ten-thousandths, exactly (a limit is never a float). */
function toTenThousandths(value: string): bigint {
  const m = /^(\d+)(?:\.(\d{0,4})\d*)?$/.exec(value.trim());
  if (!m) throw new Error(`Not a limit: ${value}`);
  return BigInt(m[1] as string) * 10_000n + BigInt((m[2] ?? '').padEnd(4, '0'));
}

/**
 * Whether `count` rows of a `total`-row file break the limit. COUNT: more rows than the limit; PERCENTAGE:
 * more than limit % of the file. A limit of 0 allows none (its unit does not matter then); a limit without a
 * unit counts rows.
 */
export function isOverLimit(count: number, total: number, limit: RowLimit): boolean {
  if (count === 0) return false;
  const scaled = toTenThousandths(limit.value);
  if (limit.unit === 'PERCENTAGE') return BigInt(count) * 100n * 10_000n > scaled * BigInt(total);
  return BigInt(count) * 10_000n > scaled;
}

export function describeLimit(limit: RowLimit): string {
  const value = limit.value.includes('.') ? limit.value.replace(/\.?0+$/, '') : limit.value;
  return limit.unit === 'PERCENTAGE' ? `${value}% of the file's rows` : `${value} rows`;
}
