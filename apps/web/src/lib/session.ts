import type { RefreshResponse, SignedInUser } from '@recon/contract';
import { useSyncExternalStore } from 'react';
import { readJson, removeKey, writeJson } from '@/lib/storage';

/** The signed-in user (with tokens) and the selected module live in local storage, as the spec says. */
const USER_KEY = 'user';
const MODULE_KEY = 'selectedModuleId';

type Listener = () => void;
const listeners = new Set<Listener>();

let userSnapshot: SignedInUser | null | undefined;
/** Where signed-out pages send the user: /login, with the reason when the session was ended for one. */
let loginPath = '/login';
let moduleSnapshot: number | null | undefined;

/**
 * The stored user was parsed with the contract's schema when the server sent it; reading it back only
 * checks that it is still that shape (an older release or a hand edit may have changed it). No zod
 * here: this module is part of the first load.
 */
function isStoredUser(value: unknown): value is SignedInUser {
  if (!value || typeof value !== 'object') return false;
  const u = value as Record<string, unknown>;
  return (
    typeof u.id === 'number' &&
    typeof u.userName === 'string' &&
    typeof u.authToken === 'string' &&
    typeof u.refreshToken === 'string' &&
    typeof u.refreshTokenExpirationTime === 'number' &&
    Array.isArray(u.rolesName) &&
    u.rolesName.every((r) => typeof r === 'string') &&
    typeof u.registrationStatus === 'string'
  );
}

function readUser(): SignedInUser | null {
  const value = readJson(localStorage, USER_KEY);
  return isStoredUser(value) ? value : null;
}

function readModuleId(): number | null {
  const value = readJson(localStorage, MODULE_KEY);
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

function emit(): void {
  userSnapshot = undefined;
  moduleSnapshot = undefined;
  for (const listener of listeners) listener();
}

export function getSignedInUser(): SignedInUser | null {
  if (userSnapshot === undefined) userSnapshot = readUser();
  return userSnapshot;
}

export function isSignedIn(): boolean {
  return Boolean(getSignedInUser()?.authToken);
}

export function saveSignedInUser(user: SignedInUser): void {
  loginPath = '/login';
  writeJson(localStorage, USER_KEY, user);
  emit();
}

export function updateSignedInUser(patch: Partial<SignedInUser>): void {
  const user = getSignedInUser();
  if (!user) return;
  saveSignedInUser({ ...user, ...patch });
}

/** Stores a refreshed token pair on the signed-in user. */
export function saveTokens(tokens: RefreshResponse): void {
  updateSignedInUser({
    authToken: tokens.authToken,
    refreshToken: tokens.refreshToken,
    refreshTokenExpirationTime: tokens.refreshTokenExpirationTime,
  });
}

export function getSelectedModuleId(): number | null {
  if (moduleSnapshot === undefined) moduleSnapshot = readModuleId();
  return moduleSnapshot;
}

export function saveSelectedModuleId(moduleId: number | null): void {
  if (moduleId === null) removeKey(localStorage, MODULE_KEY);
  else writeJson(localStorage, MODULE_KEY, moduleId);
  emit();
}

/**
 * Logout: the spec clears local and session storage entirely. `nextLoginPath` is where any page that
 * notices the signed-out state sends the user, so every redirect agrees on the message to show.
 */
export function clearSession(nextLoginPath = '/login'): void {
  loginPath = nextLoginPath;
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Nothing stored that could be cleared.
  }
  emit();
}

export function getLoginPath(): string {
  return loginPath;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing out or switching user changes what this tab must show.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === USER_KEY || event.key === MODULE_KEY) emit();
  });
}

export function useSignedInUser(): SignedInUser | null {
  return useSyncExternalStore(subscribeSession, getSignedInUser);
}

export function useSelectedModuleId(): number | null {
  return useSyncExternalStore(subscribeSession, getSelectedModuleId);
}
