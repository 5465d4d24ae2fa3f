import type { TransactionRecon, TransactionRow } from '@recon/contract';
import { Alert, Button, Drawer, Flex, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '@/app/paths';
import { useTransactionGroup } from '@/features/transactions/api/get-transaction-group';
import { ActionBar } from '@/features/transactions/components/action-bar';
import { ExplainView } from '@/features/transactions/components/explain-view';
import { GroupView, RowCard } from '@/features/transactions/components/group-view';
import { mappedRowUrl } from '@/features/transactions/tabs';
import { useHasPrivilege } from '@/lib/access-context';
import { useModuleSelection } from '@/lib/module-context';

type Props = {
  recon: TransactionRecon | undefined;
  dataSourceId: number;
  row: TransactionRow | null;
  onClose: () => void;
};

/**
 * A row opened from a list: a matched row shows its whole group side by side; every row can be explained (the
 * rule and conditions that matched it, or for an open row the nearest candidates per rule and what failed).
 */
export function RowDrawer({ recon, dataSourceId, row, onClose }: Props) {
  const { t } = useTranslation();
  const moduleId = useModuleSelection().current.id;
  const canOpenMappedRow = useHasPrivilege({ code: 'viewMappedRow' });
  const canOpenTickets = useHasPrivilege({ code: 'ticket' });
  const group = useTransactionGroup(moduleId, recon?.id ?? 0, row?.matchId);
  const dataSource = recon?.dataSources.find((d) => d.id === dataSourceId);
  const groupTab = () => {
    if (!row) return null;
    if (row.matchId === null) {
      return (
        <Flex vertical gap={12}>
          <Alert type="info" showIcon title={t('transactions.group.notMatched')} />
          <RowCard
            row={{ ...row, side: dataSource?.side ?? null, dataSourceId, dataSourceName: dataSource?.name ?? '' }}
            dataSource={dataSource}
          />
        </Flex>
      );
    }
    if (group.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
    if (group.isError) return <Alert type="warning" showIcon title={t('common.loadFailed')} />;
    return <GroupView recon={recon} rows={group.data.rows} focusRowId={{ dataSourceId, rowId: row.id }} />;
  };
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      size="min(1100px, 100vw)"
      title={
        row
          ? row.matchId === null
            ? t('transactions.group.title', { name: dataSource?.name ?? '', id: row.id })
            : t('transactions.group.titleInGroup', { name: dataSource?.name ?? '', id: row.id, matchId: row.matchId })
          : ''
      }
      extra={
        row &&
        recon && (
          <Flex gap={8}>
            {dataSource && (
              <ActionBar recon={recon} dataSource={dataSource} selected={[row]} onDone={onClose} isForOneRow />
            )}
            {/* The tickets raised on the row (My Jobs › Tickets), each opened there. */}
            {canOpenTickets &&
              (row.ticketIds ?? []).map((id) => (
                <Link key={id} to={`${PATHS.internalTickets}?ticketId=${id}`}>
                  <Button>{t('transactions.group.ticket', { id })}</Button>
                </Link>
              ))}
            {canOpenMappedRow && (
              <Link to={mappedRowUrl({ reconId: recon.id, dataSourceId, rowId: row.id })}>
                <Button>{t('transactions.group.openPage')}</Button>
              </Link>
            )}
          </Flex>
        )
      }
      destroyOnHidden
    >
      {row && (
        <Tabs
          defaultActiveKey={row.matchId === null ? 'explain' : 'group'}
          items={[
            {
              key: 'group',
              label: row.matchId === null ? t('transactions.group.row') : t('transactions.group.tab'),
              children: groupTab(),
            },
            {
              key: 'explain',
              label: t('transactions.explain.tab'),
              children: <ExplainView recon={recon} dataSourceId={dataSourceId} rowId={row.id} />,
            },
          ]}
        />
      )}
    </Drawer>
  );
}
