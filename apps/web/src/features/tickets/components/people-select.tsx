import {
  isTicketEmail,
  TICKET_TEXTS,
  type TicketUser,
  type TicketUserOption,
  type TicketUserRef,
} from '@recon/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicketUsers } from '@/features/tickets/api/tickets-api';
import { useModuleSelection } from '@/lib/module-context';
import { useSignedInUser } from '@/lib/session';
import { AppSelect } from '@/ui/app-select';

/** A person as the select holds it: `u:<id>` for a user of the module, the e-mail itself otherwise. */
export const personValue = (u: Pick<TicketUser, 'assignedToId' | 'assignedToExternalEmail'>) =>
  u.assignedToId !== null ? `u:${u.assignedToId}` : (u.assignedToExternalEmail ?? '');

export function toUserRefs(values: readonly string[]): TicketUserRef[] {
  return values.map((v) => (v.startsWith('u:') ? { id: Number(v.slice(2)) } : { email: v.trim() }));
}

/** A module user as the picker lists them: name and user name, so two people with one name are told apart. */
const userLabel = (u: TicketUserOption) => (u.name ? `${u.name} (${u.userName})` : u.userName);

/**
 * Assignees or cc: me, the people already on the ticket, the module's active users found by name or e-mail as you
 * type (GET v2/tickets/users, decision 0029), or any e-mail typed in (spec 3 §5: trimmed, no spaces, otherwise the
 * "Invalid Email" toast and the entry is left out).
 */
export function PeopleSelect({
  value,
  onChange,
  known,
  ariaLabel,
}: {
  value?: string[];
  onChange?: (next: string[]) => void;
  known: readonly TicketUser[];
  ariaLabel: string;
}) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const moduleId = useModuleSelection().current.id;
  const [search, setSearch] = useState('');
  const found = useTicketUsers(moduleId, search);
  // Users once listed keep their label when chosen, whatever is searched next.
  const seen = useRef(new Map<string, string>());
  for (const u of found.data?.data ?? []) seen.current.set(`u:${u.id}`, userLabel(u));
  const options = new Map<string, string>();
  if (me) options.set(`u:${me.id}`, t('tickets.me', { name: me.userName }));
  for (const u of known) if (!options.has(personValue(u))) options.set(personValue(u), u.assignedToName);
  for (const v of value ?? []) {
    const label = seen.current.get(v);
    if (label && !options.has(v)) options.set(v, label);
  }
  for (const u of found.data?.data ?? []) if (!options.has(`u:${u.id}`)) options.set(`u:${u.id}`, userLabel(u));
  return (
    <AppSelect<string[]>
      aria-label={ariaLabel}
      mode="tags"
      onSearchText={setSearch}
      loading={found.isFetching}
      placeholder={t('tickets.peoplePlaceholder')}
      value={value ?? []}
      onChange={(next) => onChange?.((next ?? []).map((v) => (v.startsWith('u:') ? v : v.trim())))}
      validateFreeText={(text) => (isTicketEmail(text) ? undefined : TICKET_TEXTS.invalidEmail)}
      options={[...options].map(([v, label]) => ({ value: v, label }))}
      tokenSeparators={[',', ';']}
    />
  );
}
