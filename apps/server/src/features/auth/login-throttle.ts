import { withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import * as q from './auth.queries.ts';

/** The lockout figures in force (the stored policy's, decision 0024). */
export type LockoutLimits = { lockoutThreshold: number; lockoutAccountThreshold: number; lockoutMinutes: number };

/**
 * Sign-in throttling (issue 11). Every attempt is counted before its password is verified, per source (the name
 * from one client address) and for the name from every address; an attempt past a limit is refused unverified.
 * So however many guesses arrive at once, at most the source limit of them are ever checked, and one address
 * that guesses locks out only itself: the name locks for everyone only at the higher account limit.
 */
export type Attempt =
  | { refused: true; scope: 'SOURCE' | 'ACCOUNT'; sourceCount: number }
  | { refused: false; sourceCount: number; accountCount: number };

/** The attempt's place in the counts, or its refusal when its source or its name is locked or over its limit. */
export async function countAttempt(
  ctx: FeatureContext,
  limits: LockoutLimits,
  key: string,
  source: string,
): Promise<Attempt> {
  const now = ctx.now();
  const until = lockEnd(limits, now);
  // The source row first, then the name's: every attempt takes the two row locks in that order.
  return withTransaction(ctx.db, {}, async (tx) => {
    const bySource = await q.countAttempt(tx.db, key, source, now);
    const sourceCount = bySource.failed_count;
    if (bySource.locked_until || sourceCount > limits.lockoutThreshold) {
      await q.lockAttempts(tx.db, key, source, until);
      return { refused: true, scope: 'SOURCE', sourceCount };
    }
    const byName = await q.countAttempt(tx.db, key, q.EVERY_SOURCE, now);
    if (byName.locked_until || byName.failed_count > limits.lockoutAccountThreshold) {
      await q.lockAttempts(tx.db, key, q.EVERY_SOURCE, until);
      return { refused: true, scope: 'ACCOUNT', sourceCount };
    }
    return { refused: false, sourceCount, accountCount: byName.failed_count };
  });
}

/**
 * After a wrong password: locks what reached its limit with this attempt. Answers which lock it set, if any (the
 * attempt that reaches the limit is answered "locked", as it always was).
 */
export async function lockWhenReached(
  ctx: FeatureContext,
  limits: LockoutLimits,
  key: string,
  source: string,
  attempt: { sourceCount: number; accountCount: number },
): Promise<'SOURCE' | 'ACCOUNT' | null> {
  const until = lockEnd(limits, ctx.now());
  if (attempt.accountCount >= limits.lockoutAccountThreshold) {
    await q.lockAttempts(ctx.db, key, q.EVERY_SOURCE, until);
    return 'ACCOUNT';
  }
  if (attempt.sourceCount >= limits.lockoutThreshold) {
    await q.lockAttempts(ctx.db, key, source, until);
    return 'SOURCE';
  }
  return null;
}

const lockEnd = (limits: LockoutLimits, now: Date) => new Date(now.getTime() + limits.lockoutMinutes * 60_000);

/**
 * The progressive delay of a refused sign-in: none for the first three failures of a source, then doubling from
 * the base up to 16 times it. The same for known and unknown names, so the timing tells nothing.
 */
export function failureDelayMs(baseMs: number, sourceCount: number): number {
  if (sourceCount <= 3) return 0;
  return baseMs * 2 ** Math.min(sourceCount - 4, 4);
}

export const pause = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve());
