import {
  DOWNLOAD_REPORT_PRIVILEGES,
  LOADED_AT_DATE_COLUMN,
  TAB_STATUSES,
  type TransactionDataSource,
  type TransactionRow,
} from '@recon/contract';
import type { TransactionTab } from '@recon/contract/nav';
import { hasPrivilege } from '@recon/contract/privileges';
import { Alert, Card, Empty, Flex, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTransactionRecons } from '@/features/transactions/api/get-transaction-recons';
import {
  type ColumnFilterValue,
  type TransactionsParams,
  toTransactionsQuery,
} from '@/features/transactions/api/get-transactions';
import { ActionBar } from '@/features/transactions/components/action-bar';
import { MatchWorkbench } from '@/features/transactions/components/match-workbench';
import { ReconToolbar } from '@/features/transactions/components/recon-toolbar';
import { RowDrawer } from '@/features/transactions/components/row-drawer';
import { RowsTable, type Sort } from '@/features/transactions/components/rows-table';
import { SideTabLabel } from '@/features/transactions/components/side-tab-label';
import { columnTitle } from '@/features/transactions/components/transaction-columns';
import { useLinkedRow } from '@/features/transactions/linked-row';
import type { PeriodPreset } from '@/features/transactions/period';
import { hasStatusChoice } from '@/features/transactions/tabs';
import { readTabMemory, writeTabMemory } from '@/features/transactions/transactions-cache';
import { useReconPeriod } from '@/features/transactions/use-recon-period';
import { hiddenAtFirst, pinnedAtFirst, pinnedFirst, viewColumns } from '@/features/transactions/view-columns';
import { useAccess } from '@/lib/access-context';
import { type ColumnChoice, readColumnChoice, writeColumnChoice } from '@/lib/column-choice';
import { useModuleSelection } from '@/lib/module-context';
import { ColumnChooser } from '@/ui/column-chooser';
import { ExportButton } from '@/ui/export-button';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

type Mode = 'list' | 'match';

/**
 * One tab of Transactions › Recon: a recon, one of its sides, a date range on a date column, the status filter;
 * rows with column filters, sorting and the columns chosen; selected rows acted on; a row opened in a drawer with
 * its group and explanation. The unreconciled tab also has the match view (both sides next to each other). Every
 * choice is remembered per module and tab.
 */
export function TransactionsTabView({ tab }: { tab: TransactionTab }) {
  const { t } = useTranslation();
  const moduleId = useModuleSelection().current.id;
  const { held } = useAccess();
  // A row opened from elsewhere (a global-search hit): its recon and side, and the row in the drawer.
  const linked = useLinkedRow(moduleId);
  const [memory] = useState(() => ({ ...readTabMemory(moduleId, tab), ...linked.choice }));
  const recons = useTransactionRecons(moduleId);
  const [reconId, setReconId] = useState(memory.reconId);
  const [dataSourceId, setDataSourceId] = useState(memory.dataSourceId);
  const [dateColumn, setDateColumn] = useState(memory.dateColumn);
  const tabStatuses = TAB_STATUSES[tab] as readonly string[];
  const [statuses, setStatuses] = useState<string[]>(() =>
    (memory.statuses ?? []).filter((s) => tabStatuses.includes(s)),
  );
  const [filters, setFilters] = useState<Record<string, ColumnFilterValue>>(memory.filters ?? {});
  // The rows' order (the table's sorter), kept here so the export writes the rows in the order shown.
  const [sort, setSort] = useState<Sort>();
  // Bumped when the column choice changes: the choice itself is read from storage (per user, recon, side, tab).
  const [, setChoiceVersion] = useState(0);
  const [selection, setSelection] = useState(new Map<number, TransactionRow>());
  const [picked, setOpened] = useState<{ row: TransactionRow; dataSourceId: number } | null>(null);
  const opened = picked ?? linked.opened;
  const [mode, setMode] = useState<Mode>('list');

  // The remembered recon and side while they still exist, else the first recon with data sources.
  const recon =
    recons.data?.find((r) => r.id === reconId) ??
    recons.data?.find((r) => r.dataSources.length > 0) ??
    recons.data?.[0];
  const dataSource = recon?.dataSources.find((d) => d.id === dataSourceId) ?? recon?.dataSources[0];
  const effectiveDateColumn =
    dateColumn && (dateColumn === LOADED_AT_DATE_COLUMN || dataSource?.dateColumns.includes(dateColumn))
      ? dateColumn
      : (dataSource?.dateColumns[0] ?? LOADED_AT_DATE_COLUMN);
  // One period for every tab of the section (use-recon-period.ts); null while a preset waits for its days.
  const period = useReconPeriod(moduleId, recon?.id, effectiveDateColumn);
  const range = period.resolved?.range;
  const columns = dataSource ? viewColumns(dataSource) : [];
  const table = recon && dataSource ? ['transactions', moduleId, recon.id, dataSource.id, tab] : undefined;
  const choice = table ? readColumnChoice(table) : {};
  const hidden = choice.hidden ?? hiddenAtFirst(columns, tab);
  const pinned = choice.pinned ?? (dataSource ? pinnedAtFirst(dataSource) : []);
  const visible = pinnedFirst(
    columns.filter((c) => c.key === '_status' || !hidden.includes(c.key)),
    pinned,
  );
  const known = new Set(columns.map((c) => c.key));
  const shownFilters = Object.fromEntries(Object.entries(filters).filter(([k]) => known.has(k)));

  const remember = (change: Parameters<typeof writeTabMemory>[2]) => writeTabMemory(moduleId, tab, change);
  const resetRows = () => {
    setSelection(new Map());
    setFilters({});
    setSort(undefined);
  };
  const chooseRecon = (id: number) => {
    setReconId(id);
    setDataSourceId(undefined);
    resetRows();
    remember({ reconId: id, dataSourceId: undefined, filters: {} });
  };
  const chooseDataSource = (id: number) => {
    setDataSourceId(id);
    resetRows();
    remember({ dataSourceId: id, filters: {} });
  };
  const chooseRange = (next: [string, string]) => {
    setSelection(new Map());
    period.choose({ preset: 'custom', from: next[0], to: next[1] });
  };
  // "Custom range" keeps the days shown, fixed from now on; the other presets follow the recon's data.
  const choosePreset = (preset: PeriodPreset) => {
    if (preset === 'custom') {
      if (range) chooseRange(range);
      return;
    }
    setSelection(new Map());
    period.choose({ preset });
  };
  /** A side's rows of the tab in the period, on its date column (the chosen one when it has it). */
  const sideCountParams = (d: TransactionDataSource): TransactionsParams | undefined =>
    recon && range
      ? {
          tab,
          reconId: recon.id,
          dataSourceId: d.id,
          dateColumn:
            effectiveDateColumn === LOADED_AT_DATE_COLUMN || d.dateColumns.includes(effectiveDateColumn)
              ? effectiveDateColumn
              : undefined,
          fromDate: range[0],
          toDate: range[1],
          statuses: [],
          start: 0,
          length: 1,
          filters: {},
        }
      : undefined;
  const chooseColumns = (change: ColumnChoice | undefined) => {
    if (!table) return;
    writeColumnChoice(table, change && { hidden, pinned, ...change });
    setChoiceVersion((v) => v + 1);
  };
  const canMatch = tab === 'unreconciled' && held.has('unReconciledTransaction');
  // Knocked-off rows have no action (a rollback of the knock off re-opens them): no selection there.
  const canAct =
    tab !== 'knockoff' && ['knockOff', 'reconciledTransaction', 'reversal', 'reconDuplicate'].some((c) => held.has(c));
  const isMatchView = canMatch && mode === 'match';
  const canExport = hasPrivilege(held, DOWNLOAD_REPORT_PRIVILEGES.TRANSACTIONS);

  const body = () => {
    if (recons.isError) return <QueryError onRetry={() => void recons.refetch()} />;
    if (recons.isPending || (recon && !range)) return <Card loading />;
    if (!recon || !dataSource || !range) {
      return (
        <Card>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('transactions.noRecons')} />
        </Card>
      );
    }
    if (isMatchView) {
      return (
        <MatchWorkbench
          key={recon.id}
          recon={recon}
          range={range}
          onRange={chooseRange}
          onOpen={(row, id) => setOpened({ row, dataSourceId: id })}
        />
      );
    }
    return (
      <Card
        styles={{ body: { padding: 12 } }}
        tabList={recon.dataSources.map((d) => ({
          key: String(d.id),
          label: <SideTabLabel moduleId={moduleId} dataSource={d} params={sideCountParams(d)} />,
        }))}
        activeTabKey={String(dataSource.id)}
        onTabChange={(key) => chooseDataSource(Number(key))}
        tabProps={{ size: 'middle' }}
        tabBarExtraContent={
          <Space>
            <ColumnChooser
              columns={columns
                .filter((c) => c.key !== '_status')
                .map((c) => ({ key: c.key, title: columnTitle(t, c) }))}
              hidden={hidden}
              onChange={(next) => chooseColumns({ hidden: next })}
              pinned={pinned}
              onPinned={(next) => chooseColumns({ pinned: next })}
              onReset={() => chooseColumns(undefined)}
            />
            {canExport && (
              <ExportButton
                // Exactly what the table lists: the same query without its page.
                view={toTransactionsQuery({
                  tab,
                  reconId: recon.id,
                  dataSourceId: dataSource.id,
                  dateColumn: effectiveDateColumn,
                  fromDate: range[0],
                  toDate: range[1],
                  statuses,
                  start: 0,
                  length: 1,
                  filters: shownFilters,
                  sort,
                })}
                columns={columns.filter((c) => !c.isField).map((c) => ({ name: c.key, label: columnTitle(t, c) }))}
                shownColumns={visible.map((c) => c.key)}
              />
            )}
          </Space>
        }
      >
        <Flex vertical gap={8}>
          {selection.size > 0 && canAct && (
            <ActionBar
              tab={tab}
              recon={recon}
              dataSource={dataSource}
              selected={[...selection.values()]}
              onDone={() => setSelection(new Map())}
            />
          )}
          <RowsTable
            key={dataSource.id}
            tab={tab}
            recon={recon}
            dataSource={dataSource}
            columns={visible}
            pinned={pinned}
            dateColumn={effectiveDateColumn}
            range={range}
            statuses={statuses}
            filters={shownFilters}
            onFilters={(next) => {
              setFilters(next);
              setSelection(new Map());
              remember({ filters: next });
            }}
            pageSize={memory.pageSize}
            onPageSize={(pageSize) => remember({ pageSize })}
            selection={canAct ? selection : undefined}
            onSelection={canAct ? setSelection : undefined}
            onOpen={(row) => setOpened({ row, dataSourceId: dataSource.id })}
            onRange={chooseRange}
            sort={sort}
            onSort={setSort}
          />
        </Flex>
      </Card>
    );
  };

  return (
    <>
      <PageHeader
        title={t(`transactions.tabs.${tab}.title`)}
        description={t(`transactions.tabs.${tab}.description`)}
        extra={
          canMatch && (
            <Segmented<Mode>
              aria-label={t('transactions.match.mode')}
              value={mode}
              onChange={setMode}
              options={[
                { value: 'list', label: t('transactions.match.list') },
                { value: 'match', label: t('transactions.match.match') },
              ]}
            />
          )
        }
      />
      <Card style={{ marginBottom: 12 }} styles={{ body: { padding: 16 } }}>
        <ReconToolbar
          recons={recons.data}
          isLoading={recons.isPending}
          recon={recon}
          onRecon={chooseRecon}
          dataSource={dataSource}
          dateColumn={effectiveDateColumn}
          onDateColumn={(column) => {
            setDateColumn(column);
            remember({ dateColumn: column });
          }}
          isDateColumnHidden={isMatchView}
          preset={period.resolved?.preset}
          onPreset={choosePreset}
          periods={period.periods}
          range={range}
          onRange={chooseRange}
          statusChoices={hasStatusChoice(tab) ? tabStatuses : undefined}
          statuses={statuses}
          onStatuses={(next) => {
            setStatuses(next);
            setSelection(new Map());
            remember({ statuses: next });
          }}
        />
      </Card>
      {linked.isMissing && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('transactions.search.rowMissing')} />
      )}
      {body()}
      <RowDrawer
        recon={recon}
        dataSourceId={opened?.dataSourceId ?? 0}
        row={opened?.row ?? null}
        onClose={() => {
          setOpened(null);
          linked.close();
        }}
      />
    </>
  );
}
