import type { ReportConfig, ReportGroup } from '@recon/contract';
import { Button, Card, Flex, Input, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PATHS } from '@/app/paths';
import { useDeleteReport, useReports } from '@/features/reports/api/reports-api';
import { EditDeleteActions } from '@/features/reports/components/edit-delete-actions';
import { ReportEditor } from '@/features/reports/components/report-editor';
import { ReportGroupEditor } from '@/features/reports/components/report-group-editor';
import { ReportGroupsTab } from '@/features/reports/components/report-groups-tab';
import { useHasPrivilege } from '@/lib/access-context';
import { useBrand } from '@/lib/brand-context';
import { formatDateTime } from '@/lib/format';
import { pageStart } from '@/lib/list-paging';
import { useModuleSelection } from '@/lib/module-context';
import { showSuccessToast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';
import { useTablePagination } from '@/ui/use-table-pagination';

const GROUPS_TAB = 'groups';

/**
 * Reports › report-config-list, two tabs (`?tab=groups` for the second): the module's report configs
 * (GET /v2/reports?start=0, paged, searched by name), created and edited in a drawer with a preview, each opening in
 * Reports › reports-execution to be run; and its report groups (GET /v2/scheduleSqlQuerys), the ordered lists of
 * reports a REPORT_GROUP job activity runs, kept in a modal.
 */
export default function ReportConfigListPage() {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const [params, setParams] = useSearchParams();
  const isGroups = params.get('tab') === GROUPS_TAB;
  const [editing, setEditing] = useState<{ config: ReportConfig | null } | null>(null);
  const [editingGroup, setEditingGroup] = useState<{ group: ReportGroup | null } | null>(null);

  return (
    <>
      <PageHeader
        title={t('reports.listTitle')}
        description={isGroups ? t('reports.groups.description') : t('reports.listDescription')}
      />
      <Tabs
        // The tab's own action sits on its bar, beside the tab it belongs to.
        tabBarExtraContent={
          isGroups ? (
            <Button type="primary" onClick={() => setEditingGroup({ group: null })}>
              {t('reports.groups.new')}
            </Button>
          ) : (
            <Button type="primary" onClick={() => setEditing({ config: null })}>
              {t('reports.new')}
            </Button>
          )
        }
        activeKey={isGroups ? GROUPS_TAB : 'configs'}
        onChange={(key) => setParams(key === GROUPS_TAB ? { tab: GROUPS_TAB } : {}, { replace: true })}
        items={[
          {
            key: 'configs',
            label: t('reports.tabConfigs'),
            children: <ReportConfigsTab moduleId={current.id} onEdit={(config) => setEditing({ config })} />,
          },
          {
            key: GROUPS_TAB,
            label: t('reports.tabGroups'),
            children: <ReportGroupsTab moduleId={current.id} onEdit={(group) => setEditingGroup({ group })} />,
          },
        ]}
      />
      <ReportEditor
        moduleId={current.id}
        config={editing?.config ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
      <ReportGroupEditor
        moduleId={current.id}
        group={editingGroup?.group ?? null}
        open={editingGroup !== null}
        onClose={() => setEditingGroup(null)}
      />
    </>
  );
}

/** The report configs, paged on the server and searched by name and description. */
function ReportConfigsTab({ moduleId, onEdit }: { moduleId: number; onEdit: (config: ReportConfig) => void }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const [paging, setPaging] = useState({ page: 1, size: brand.defaultPageSize });
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const reports = useReports(moduleId, { start: pageStart(paging), length: paging.size, search: debounced });
  const remove = useDeleteReport(moduleId);
  const pagination = useTablePagination(paging, reports.data?.recordsFiltered ?? 0, (page, size) =>
    setPaging({ page, size }),
  );
  const canRun = useHasPrivilege({ code: 'reportExecutions' });

  return (
    <Card styles={{ body: { padding: 0 } }}>
      <Flex style={{ padding: 12 }}>
        <Input.Search
          allowClear
          aria-label={t('reports.search')}
          placeholder={t('reports.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          style={{ maxWidth: 320 }}
        />
      </Flex>
      {reports.isError && !reports.data ? (
        <QueryError onRetry={() => void reports.refetch()} />
      ) : (
        <Table<ReportConfig>
          rowKey="id"
          size="middle"
          loading={reports.isPending}
          dataSource={reports.data?.data ?? []}
          locale={{ emptyText: reports.isPending ? ' ' : <EmptyState /> }}
          pagination={pagination}
          scroll={{ x: 1000 }}
          columns={[
            {
              title: t('reports.name'),
              key: 'name',
              width: 260,
              render: (_, row) => (
                <Flex vertical>
                  <Typography.Text strong>{row.name}</Typography.Text>
                  {row.description && (
                    <Typography.Text type="secondary" ellipsis={{ tooltip: row.description }}>
                      {row.description}
                    </Typography.Text>
                  )}
                </Flex>
              ),
            },
            {
              title: t('reports.dataSource'),
              key: 'source',
              width: 220,
              render: (_, row) => `${row.dataSourceName}${row.reconName ? ` (${row.reconName})` : ''}`,
            },
            {
              title: t('reports.columns'),
              key: 'columns',
              render: (_, row) => (
                <Flex gap={4} wrap>
                  {row.columns.map((c) => c.label).join(', ')}
                  {row.aggregates.length > 0 && <Tag color="blue">{t('reports.grouped')}</Tag>}
                  {row.filters.some((f) => f.dynamic) && <Tag>{t('reports.askedAtRun')}</Tag>}
                </Flex>
              ),
            },
            {
              title: t('reports.lastRun'),
              key: 'lastRun',
              width: 190,
              render: (_, row) => (row.lastRun ? formatDateTime(row.lastRun.startedAt) : '—'),
            },
            {
              title: t('reports.actions'),
              key: 'actions',
              width: 210,
              render: (_, row) => (
                <EditDeleteActions
                  before={
                    canRun && (
                      <Link to={`${PATHS.reportsExecution}?report=${row.id}`}>
                        <Button size="small" type="link">
                          {t('reports.run')}
                        </Button>
                      </Link>
                    )
                  }
                  onEdit={() => onEdit(row)}
                  deleteTitle={t('reports.deleteTitle', { name: row.name })}
                  onDelete={() => remove.mutate(row.id, { onSuccess: (answer) => showSuccessToast(answer.message) })}
                />
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
