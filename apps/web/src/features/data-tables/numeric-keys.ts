import type { KeyboardEvent } from 'react';

/** Keys a count input refuses (spec 5: numeric inputs block e, E, +, - and .). */
const BLOCKED_KEYS: ReadonlySet<string> = new Set(['e', 'E', '+', '-', '.']);

export function blockNonDigitKeys(event: KeyboardEvent<HTMLElement>): void {
  if (BLOCKED_KEYS.has(event.key)) event.preventDefault();
}
