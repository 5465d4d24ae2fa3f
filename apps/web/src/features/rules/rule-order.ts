import type { RuleSummary } from '@recon/contract';

/** The rules with one moved from one place to another (as dropped in the list). */
export function moveRule(rules: readonly RuleSummary[], from: number, to: number): RuleSummary[] {
  const next = [...rules];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** Whether a draft differs from the saved list in order or in an enable flag. */
export function isOrderChanged(saved: readonly RuleSummary[], draft: readonly RuleSummary[]): boolean {
  return (
    saved.length !== draft.length || draft.some((r, i) => r.id !== saved[i]?.id || r.enabled !== saved[i]?.enabled)
  );
}
