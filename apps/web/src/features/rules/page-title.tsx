import type { ReactNode } from 'react';
import { RULES_PATH, withRecon } from '@/features/rules/paths';
import { useHasPrivilege } from '@/lib/access-context';
import { BackTitle } from '@/ui/back-title';

/** A rule page's title with the way back to the recon's rules. */
export function RulePageTitle({ reconId, children }: { reconId?: number; children: ReactNode }) {
  // A reader of single rules (viewRule) without the list's privilege has nowhere to go back to.
  const canList = useHasPrivilege({ code: 'rules' });
  return <BackTitle backTo={canList ? withRecon(RULES_PATH, reconId) : undefined}>{children}</BackTitle>;
}
