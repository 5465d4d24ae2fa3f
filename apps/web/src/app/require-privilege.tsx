import type { PrivilegeRule } from '@recon/contract/privileges';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useHasPrivilege } from '@/lib/access-context';

/** A page the user lacks the privilege for sends them to /unauthorized. */
export function RequirePrivilege({ rule, children }: { rule: PrivilegeRule; children: ReactNode }) {
  const isAllowed = useHasPrivilege(rule);
  return isAllowed ? children : <Navigate to="/unauthorized" replace />;
}
