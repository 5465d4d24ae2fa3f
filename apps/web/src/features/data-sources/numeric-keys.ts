import type { KeyboardEvent } from 'react';

/** Spec 5: numeric inputs block e, E, +, - and . (a count of records is a whole number). */
const COUNT_BLOCKED: ReadonlySet<string> = new Set(['e', 'E', '+', '-', '.']);
/** A percentage may have decimals: only the point is let through. */
const PERCENT_BLOCKED: ReadonlySet<string> = new Set(['e', 'E', '+', '-']);

/** The key filter of a limit input; the point is allowed only for a percentage. */
export function limitKeyFilter(isPercentage: boolean) {
  const blocked = isPercentage ? PERCENT_BLOCKED : COUNT_BLOCKED;
  return (event: KeyboardEvent<HTMLElement>) => {
    if (blocked.has(event.key)) event.preventDefault();
  };
}
