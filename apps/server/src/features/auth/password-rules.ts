import { passwordRefusalText, passwordReusedText } from '@recon/contract';
import type { Db } from '@recon/db';
import { AppError } from '@/lib/app-error.ts';
import { verifyPassword } from '@/lib/passwords.ts';
import { recentPasswordHashes, rememberPassword } from './auth-config.queries.ts';
import type { AuthPolicy } from './auth-policy.ts';

export const SAME_PASSWORD_TEXT = 'New password must be different from the current password';

const refuse = (message: string) =>
  new AppError('VALIDATION', message, [{ field: 'password', defaultMessage: message }]);

/**
 * Checks a new password against the policy in force: its rules (the refusal names what the password misses), the
 * current password, and the last N passwords when the policy keeps a history (N counts the current one).
 */
export async function checkNewPassword(
  db: Db,
  policy: AuthPolicy,
  user: { id: number; password_hash: string | null },
  password: string,
): Promise<void> {
  const refusal = passwordRefusalText(password, policy.password);
  if (refusal) throw refuse(refusal);
  if (await verifyPassword(user.password_hash, password)) throw refuse(SAME_PASSWORD_TEXT);
  const historyCount = policy.config.passwordHistoryCount;
  for (const hash of await recentPasswordHashes(db, user.id, historyCount - 1)) {
    if (await verifyPassword(hash, password)) throw refuse(passwordReusedText(historyCount));
  }
}

/** Before a password is replaced: its hash joins the history. */
export async function keepReplacedPassword(db: Db, user: { id: number; password_hash: string | null }) {
  if (user.password_hash) await rememberPassword(db, user.id, user.password_hash);
}

/** Whether the user's password is older than the policy's expiry (0 days: never expires). */
export function isPasswordExpired(
  policy: AuthPolicy,
  user: { password_changed_at: Date | null; created_at: Date },
  now: Date,
): boolean {
  const days = policy.config.passwordExpiryDays;
  if (days <= 0) return false;
  const since = user.password_changed_at ?? user.created_at;
  return now.getTime() - since.getTime() > days * 86_400_000;
}
