import { TAB_STATUSES, type TransactionDataSource, type TransactionRecon, type TransactionRow } from '@recon/contract';
import type { TransactionTab } from '@recon/contract/nav';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Popconfirm, Tooltip, Typography } from 'antd';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAcceptProposed } from '@/features/transactions/api/accept-proposed';
import { refreshTransactions } from '@/features/transactions/api/act-on-transactions';
import { useKnockOff } from '@/features/transactions/api/knock-off';
import { useRejectProposed } from '@/features/transactions/api/reject-proposed';
import { useUnmatch } from '@/features/transactions/api/unmatch';
import { KnockOffModal } from '@/features/transactions/components/knock-off-modal';
import { sumDecimals } from '@/features/transactions/money';
import { statusLabel } from '@/features/transactions/status';
import { allowedActions } from '@/features/transactions/tabs';
import { humanize, leadingDataColumns } from '@/features/transactions/view-columns';
import { useAccess } from '@/lib/access-context';
import { formatCurrency } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { useNumberLocale } from '@/lib/number-format';
import { SelectionActions } from '@/lib/selection-actions';

type Props = {
  recon: TransactionRecon;
  dataSource: TransactionDataSource;
  selected: readonly TransactionRow[];
  onDone: () => void;
  /** The tab: only actions that can apply to its statuses are offered. */
  tab?: TransactionTab;
  /** One opened row (the drawer): only the actions it allows, no count and no clear. */
  isForOneRow?: boolean;
};

/**
 * What can be done with the selected rows: knock off open rows (with a reason), unmatch groups, accept or reject
 * proposed matches. A button is there only when the person holds its privilege; it is enabled only when every
 * selected row allows it, and says why not.
 */
export function ActionBar({ recon, dataSource, selected, onDone, tab = 'all', isForOneRow = false }: Props) {
  const { t } = useTranslation();
  const moduleId = useModuleSelection().current.id;
  const { held } = useAccess();
  const queryClient = useQueryClient();
  const locale = useNumberLocale();
  const [isKnockOffOpen, setIsKnockOffOpen] = useState(false);
  const knockOff = useKnockOff(moduleId);
  const unmatch = useUnmatch(moduleId);
  const accept = useAcceptProposed(moduleId);
  const reject = useRejectProposed(moduleId);
  const statuses = [...new Set(selected.map((r) => r.status))];
  const matchIds = [...new Set(selected.flatMap((r) => (r.matchId === null ? [] : [r.matchId])))];
  const allowed = allowedActions(statuses, (c) => held.has(c), matchIds.length === selected.length);
  const tabStatuses = TAB_STATUSES[tab] as readonly string[];
  const isInTab = {
    knockOff: tabStatuses.includes('UNRECONCILED'),
    unmatch: tabStatuses.some((s) => s !== 'UNRECONCILED' && s !== 'KNOCK_OFF'),
    decide: tabStatuses.includes('PROPOSE_MATCH'),
  };
  const holds = {
    knockOff: isInTab.knockOff && held.has('knockOff') && (!isForOneRow || allowed.canKnockOff),
    unmatch:
      isInTab.unmatch &&
      ['reconciledTransaction', 'reversal', 'reconDuplicate'].some((c) => held.has(c)) &&
      (!isForOneRow || allowed.canUnmatch),
    decide: isInTab.decide && held.has('reconciledTransaction') && (!isForOneRow || allowed.canDecideProposed),
  };
  if (isForOneRow && !holds.knockOff && !holds.unmatch && !holds.decide) return null;
  const count = selected.length;
  // The selection's total of the first money column shown, so a knock off or an unmatch is weighed in rupees.
  const money = dataSource.columns.find((c) => c.isMoney && c.isShown);
  const total = money ? { column: money.name, sum: sumDecimals(selected.map((r) => r.values[money.name])) } : null;
  const groups = matchIds.length;
  const done = () => {
    onDone();
    setIsKnockOffOpen(false);
  };
  // What other areas may do with the rows (Raise ticket): each row by its reference, amount and status.
  const reference = leadingDataColumns(dataSource)[0];
  const rowsForSlot = selected.map((r) => ({
    id: r.id,
    reference: reference ? (r.values[reference] ?? '') : '',
    summary: [money ? formatCurrency(r.values[money.name] ?? '0', locale) : null, statusLabel(r.status)]
      .filter((x) => x !== null)
      .join(' · '),
  }));
  const withReason = (isAllowed: boolean, why: string, button: ReactElement) =>
    isAllowed ? button : <Tooltip title={why}>{button}</Tooltip>;

  return (
    <Flex gap={8} wrap align="center" role="toolbar" aria-label={t('transactions.actions.label')}>
      {!isForOneRow && (
        <Typography.Text strong>
          {t('transactions.actions.selected', { count })}
          {total && ` · ${humanize(total.column)} ${formatCurrency(total.sum, locale)}`}
        </Typography.Text>
      )}
      {holds.knockOff &&
        withReason(
          allowed.canKnockOff,
          t('transactions.actions.onlyOpen'),
          <Button danger disabled={!allowed.canKnockOff} onClick={() => setIsKnockOffOpen(true)}>
            {t('transactions.actions.knockOff')}
          </Button>,
        )}
      {holds.unmatch &&
        withReason(
          allowed.canUnmatch,
          t('transactions.actions.onlyMatched'),
          <Popconfirm
            title={t('transactions.actions.unmatchTitle', { count: groups })}
            description={t('transactions.actions.unmatchText')}
            okText={t('transactions.actions.unmatch')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            disabled={!allowed.canUnmatch}
            onConfirm={() =>
              unmatch
                .mutateAsync({ reconId: recon.id, matchIds })
                .then(done)
                .catch(() => undefined)
            }
          >
            <Button disabled={!allowed.canUnmatch} loading={unmatch.isPending}>
              {t('transactions.actions.unmatch')}
            </Button>
          </Popconfirm>,
        )}
      {holds.decide && (
        <>
          {withReason(
            allowed.canDecideProposed,
            t('transactions.actions.onlyProposed'),
            <Popconfirm
              title={t('transactions.actions.acceptTitle', { count: groups })}
              okText={t('transactions.actions.accept')}
              cancelText={t('common.cancel')}
              disabled={!allowed.canDecideProposed}
              onConfirm={() =>
                accept
                  .mutateAsync({ reconId: recon.id, matchIds })
                  .then(done)
                  .catch(() => undefined)
              }
            >
              <Button type="primary" disabled={!allowed.canDecideProposed} loading={accept.isPending}>
                {t('transactions.actions.accept')}
              </Button>
            </Popconfirm>,
          )}
          {withReason(
            allowed.canDecideProposed,
            t('transactions.actions.onlyProposed'),
            <Popconfirm
              title={t('transactions.actions.rejectTitle', { count: groups })}
              description={t('transactions.actions.rejectText')}
              okText={t('transactions.actions.reject')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.cancel')}
              disabled={!allowed.canDecideProposed}
              onConfirm={() =>
                reject
                  .mutateAsync({ reconId: recon.id, matchIds })
                  .then(done)
                  .catch(() => undefined)
              }
            >
              <Button danger disabled={!allowed.canDecideProposed} loading={reject.isPending}>
                {t('transactions.actions.reject')}
              </Button>
            </Popconfirm>,
          )}
        </>
      )}
      {!isForOneRow && (
        <SelectionActions
          where={`${recon.name} › ${t(`transactions.tabs.${tab}.title`)}`}
          dataSourceId={dataSource.id}
          rows={rowsForSlot}
          onDone={() => void refreshTransactions(queryClient, moduleId).then(onDone)}
        />
      )}
      {!isForOneRow && (
        <Button type="link" onClick={onDone}>
          {t('transactions.actions.clear')}
        </Button>
      )}
      <KnockOffModal
        open={isKnockOffOpen}
        recon={recon}
        dataSource={dataSource}
        rows={selected}
        total={total}
        tab={isForOneRow ? undefined : tab}
        isSaving={knockOff.isPending}
        onCancel={() => setIsKnockOffOpen(false)}
        onConfirm={(reason) =>
          knockOff
            .mutateAsync({
              reconId: recon.id,
              dataSourceId: dataSource.id,
              rowIds: selected.map((r) => r.id),
              reason,
            })
            .then(done)
            .catch(() => undefined)
        }
      />
    </Flex>
  );
}
