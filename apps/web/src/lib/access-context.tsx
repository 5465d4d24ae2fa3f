import type { ModuleNavFilter } from '@recon/contract/nav';
import { hasPrivilege, type PrivilegeRule } from '@recon/contract/privileges';
import { createContext, useContext } from 'react';

/** What the signed-in user may see: v2 privilege codes held and the module filter of the nav. */
export type Access = {
  held: ReadonlySet<string>;
  navFilter: ModuleNavFilter;
  /** Loads the privileges again (after a role's grants changed). */
  refreshPrivileges: () => Promise<unknown>;
};

const AccessContext = createContext<Access | null>(null);
export const AccessContextProvider = AccessContext.Provider;

export function useAccess(): Access {
  const access = useContext(AccessContext);
  if (!access) throw new Error('useAccess needs the access provider of a signed-in area');
  return access;
}

export function useHasPrivilege(rule: PrivilegeRule | undefined): boolean {
  return hasPrivilege(useAccess().held, rule);
}
