import type { SignedInUser } from '@recon/contract';
import { ROLE_ADMIN } from '@recon/contract/privileges';

type WithRoles = Pick<SignedInUser, 'rolesName'> | null | undefined;

/** Whether the user holds any one of the roles. */
export function hasAnyRole(user: WithRoles, roles: readonly string[]): boolean {
  return Boolean(user?.rolesName.some((role) => roles.includes(role)));
}

/** ROLE_ADMIN makes a user an admin. */
export function isAdmin(user: WithRoles): boolean {
  return hasAnyRole(user, [ROLE_ADMIN]);
}
