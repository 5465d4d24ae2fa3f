import { TICKET_TITLE_MAX } from '@recon/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TicketForm } from '@/features/tickets/components/ticket-form';
import { useHasPrivilege } from '@/lib/access-context';
import { useModuleSelection } from '@/lib/module-context';
import type { RowsSelection } from '@/lib/selection-actions';

const SHOWN_REFERENCES = 3;

/** "Payments Gateway Recon › Unreconciled · TXN1, TXN2, TXN3 +4": where the rows are and which they are. */
export function raisedTitle(where: string, references: readonly string[]): string {
  const refs = references.filter((r) => r.trim() !== '');
  const more = refs.length > SHOWN_REFERENCES ? ` +${refs.length - SHOWN_REFERENCES}` : '';
  const title = refs.length > 0 ? `${where} · ${refs.slice(0, SHOWN_REFERENCES).join(', ')}${more}` : where;
  return title.slice(0, TICKET_TITLE_MAX);
}

/**
 * "Raise ticket" in a recon tab's selection bar (issue 14): the ticket form, its title filled from the tab and the
 * first references, the rows listed; the ticket is created linked to them (they then show it).
 */
export function RaiseTicket({ where, dataSourceId, rows, onDone }: RowsSelection) {
  const { t } = useTranslation();
  const moduleId = useModuleSelection().current.id;
  const canRaise = useHasPrivilege({ code: 'ticket' });
  const [isOpen, setIsOpen] = useState(false);
  if (!canRaise || rows.length === 0) return null;
  return (
    <>
      <Button onClick={() => setIsOpen(true)}>{t('tickets.raise')}</Button>
      <TicketForm
        moduleId={moduleId}
        open={isOpen}
        links={[{ dataSourceId, rowIds: rows.map((r) => r.id) }]}
        initialTitle={raisedTitle(
          where,
          rows.map((r) => r.reference),
        )}
        rows={rows}
        onClose={() => setIsOpen(false)}
        onSaved={onDone}
      />
    </>
  );
}
