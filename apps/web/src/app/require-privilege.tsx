import type { PrivilegeRule } from '@recon/contract/privileges';
import type { ReactNode } from 'react';
import { useHasPrivilege } from '@/lib/access-context';
import { NotAllowed } from '@/ui/not-allowed';

/** A page the user lacks the privilege for shows the not-allowed image in its place, inside the shell. */
export function RequirePrivilege({ rule, children }: { rule: PrivilegeRule; children: ReactNode }) {
  const isAllowed = useHasPrivilege(rule);
  return isAllowed ? children : <NotAllowed />;
}
