import { isTicketEmail, TICKET_TEXTS, type TicketUser, type TicketUserRef } from '@recon/contract';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '@/lib/session';
import { AppSelect } from '@/ui/app-select';

/** A person as the select holds it: `u:<id>` for a user of the module, the e-mail itself otherwise. */
export const personValue = (u: Pick<TicketUser, 'assignedToId' | 'assignedToExternalEmail'>) =>
  u.assignedToId !== null ? `u:${u.assignedToId}` : (u.assignedToExternalEmail ?? '');

export function toUserRefs(values: readonly string[]): TicketUserRef[] {
  return values.map((v) => (v.startsWith('u:') ? { id: Number(v.slice(2)) } : { email: v.trim() }));
}

/**
 * Assignees or cc: me, the people already on the ticket, or any e-mail typed in (spec 3 §5: trimmed, no spaces,
 * otherwise the "Invalid Email" toast and the entry is left out).
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
  const options = new Map<string, string>();
  if (me) options.set(`u:${me.id}`, t('tickets.me', { name: me.userName }));
  for (const u of known) if (!options.has(personValue(u))) options.set(personValue(u), u.assignedToName);
  return (
    <AppSelect<string[]>
      aria-label={ariaLabel}
      mode="tags"
      placeholder={t('tickets.peoplePlaceholder')}
      value={value ?? []}
      onChange={(next) => onChange?.((next ?? []).map((v) => (v.startsWith('u:') ? v : v.trim())))}
      validateFreeText={(text) => (isTicketEmail(text) ? undefined : TICKET_TEXTS.invalidEmail)}
      options={[...options].map(([v, label]) => ({ value: v, label }))}
      tokenSeparators={[',', ';']}
    />
  );
}
