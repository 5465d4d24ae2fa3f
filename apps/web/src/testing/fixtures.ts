import type { ModuleSettings, SignedInUser } from '@recon/contract';
import { saveSelectedModuleId, saveSignedInUser } from '@/lib/session';

export const HOUR_MS = 60 * 60 * 1000;

export function userFixture(overrides: Partial<SignedInUser> = {}): SignedInUser {
  return {
    id: 7,
    userName: 'asha.k',
    firstName: 'Asha',
    lastName: 'Kulkarni',
    email: 'asha@example.com',
    rolesName: ['ROLE_ADMIN'],
    authToken: 'token-1',
    refreshToken: 'refresh-1',
    refreshTokenExpirationTime: Date.now() + 24 * HOUR_MS,
    profilePicPath: null,
    registrationStatus: 'APPROVED',
    userDepartment: null,
    userDepartmentConfigurable: false,
    ssoTemporaryToken: null,
    ...overrides,
  };
}

/** Modules as GET /v2/modules answers them (Module Settings: with their approval switches, off by default). */
export const MODULES: ModuleSettings[] = [
  { id: 1, name: 'Payments', status: 'ACTIVE', rollbacksNeedApproval: false, bulkKnockOffNeedsApproval: false },
  { id: 2, name: 'Cards', status: 'ACTIVE', rollbacksNeedApproval: false, bulkKnockOffNeedsApproval: false },
];

/** Stores a signed-in user (and optionally a selected module) the way a real sign-in does. */
export function signIn(overrides: Partial<SignedInUser> = {}, moduleId: number | null = null): SignedInUser {
  const user = userFixture(overrides);
  saveSignedInUser(user);
  if (moduleId !== null) saveSelectedModuleId(moduleId);
  return user;
}
