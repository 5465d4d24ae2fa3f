import { getSignedInUser } from '@/lib/session';
import { readJson, removeKey, writeJson } from '@/lib/storage';

/** What a person chose in a table's column chooser: the columns hidden and the columns pinned on the left. */
export type ColumnChoice = { hidden?: string[]; pinned?: string[] };

/**
 * Column choices are a person's own: kept per signed-in user and per table (the caller names the table by its
 * parts, e.g. module, recon, data source and tab), in local storage so they survive a reload and a sign-out.
 */
function keyOf(table: readonly (string | number)[]): string | undefined {
  const userId = getSignedInUser()?.id;
  return userId === undefined ? undefined : ['columnChoice', userId, ...table].join(':');
}

const strings = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined;

/** The remembered choice; anything unreadable is dropped (the table's defaults apply). */
export function readColumnChoice(table: readonly (string | number)[]): ColumnChoice {
  const key = keyOf(table);
  const raw = key ? readJson(localStorage, key) : undefined;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const r = raw as Record<string, unknown>;
  return { hidden: strings(r.hidden), pinned: strings(r.pinned) };
}

/** Remembers a choice; none (a reset) forgets it. */
export function writeColumnChoice(table: readonly (string | number)[], choice: ColumnChoice | undefined): void {
  const key = keyOf(table);
  if (!key) return;
  if (choice) writeJson(localStorage, key, choice);
  else removeKey(localStorage, key);
}
