import { type OtpPending, otpPendingSchema } from '@recon/contract';
import { readJson, removeKey, writeJson } from '@/lib/storage';

/** A sign-in waiting for its one-time code, kept for this tab only between /login and /verify-number. */
const PENDING_LOGIN_KEY = 'pendingLogin';

export function savePendingLogin(pending: OtpPending): void {
  writeJson(sessionStorage, PENDING_LOGIN_KEY, pending);
}

export function readPendingLogin(): OtpPending | null {
  const parsed = otpPendingSchema.safeParse(readJson(sessionStorage, PENDING_LOGIN_KEY));
  return parsed.success ? parsed.data : null;
}

export function clearPendingLogin(): void {
  removeKey(sessionStorage, PENDING_LOGIN_KEY);
}
