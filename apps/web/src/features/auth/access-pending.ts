import type { SignedInUser } from '@recon/contract';

export type UnassignedMessageKey = 'notAssigned' | 'raisedForApproval' | 'rejected';

type UserState = Pick<SignedInUser, 'registrationStatus' | 'userDepartment' | 'userDepartmentConfigurable'>;

/** Which message the module-role-unauthorized page shows for a registration status (spec 4). */
export function unassignedMessageKey(user: UserState | null): UnassignedMessageKey {
  switch (user?.registrationStatus) {
    case 'RAISED_FOR_APPROVAL':
      return 'raisedForApproval';
    case 'REQUESTED_VIA_LDAP':
      return user.userDepartment ? 'raisedForApproval' : 'notAssigned';
    case 'REJECTED':
      return 'rejected';
    default:
      return 'notAssigned';
  }
}

/**
 * How the department picker appears in the department-selection flow: shown at once for an LDAP request
 * without a department or a rejected request; hidden while a request awaits approval or when the
 * department cannot be configured; otherwise behind an Edit Department link.
 */
export function departmentPickerMode(user: UserState | null): 'shown' | 'hidden' | 'behindLink' {
  if (!user?.userDepartmentConfigurable || user.registrationStatus === 'RAISED_FOR_APPROVAL') return 'hidden';
  const isLdapWithoutDepartment = user.registrationStatus === 'REQUESTED_VIA_LDAP' && !user.userDepartment;
  if (isLdapWithoutDepartment || user.registrationStatus === 'REJECTED') return 'shown';
  return 'behindLink';
}

/** Where a fresh sign-in goes: users without a role wait on the access-pending page, others enter the app. */
export function pathAfterSignIn(user: SignedInUser): string {
  if (user.rolesName.length > 0) return '/redirect';
  return departmentPickerMode(user) === 'hidden'
    ? '/module-role-unauthorized'
    : '/module-role-unauthorized?flow=department-selection';
}
