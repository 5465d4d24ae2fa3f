import type { ValueKind } from '@recon/recon-engine';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A row's values as the wall-clock text they were loaded as: pg hands dates and timestamps over as local Dates;
 * numbers (money included) already arrive as exact text.
 */
export function plainValues(
  row: Record<string, unknown>,
  kinds: ReadonlyMap<string, ValueKind>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => {
      if (!(v instanceof Date)) return [k, v];
      const day = `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
      return [
        k,
        kinds.get(k) === 'date' ? day : `${day} ${pad(v.getHours())}:${pad(v.getMinutes())}:${pad(v.getSeconds())}`,
      ];
    }),
  );
}
