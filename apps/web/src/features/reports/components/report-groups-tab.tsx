import type { ReportGroup } from '@recon/contract';
import { Card, Flex, Input, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteReportGroup, useReportGroups } from '@/features/reports/api/reports-api';
import { EditDeleteActions } from '@/features/reports/components/edit-delete-actions';
import { formatDateTime } from '@/lib/format';
import { showSuccessToast } from '@/lib/toast';
import { EmptyState } from '@/ui/empty-state';
import { QueryError } from '@/ui/query-error';
import { useClientPagination } from '@/ui/use-table-pagination';

/**
 * The module's report groups (GET /v2/scheduleSqlQuerys, the whole list — a module keeps a few — paged and searched
 * by name in the browser): each with its reports in the order a REPORT_GROUP activity runs them. Edit and delete
 * from the row; the editor itself is the page's.
 */
export function ReportGroupsTab({ moduleId, onEdit }: { moduleId: number; onEdit: (group: ReportGroup) => void }) {
  const { t } = useTranslation();
  const groups = useReportGroups(moduleId);
  const remove = useDeleteReportGroup(moduleId);
  const pagination = useClientPagination();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = (groups.data ?? []).filter((g) => !needle || g.name.toLowerCase().includes(needle));

  return (
    <Card styles={{ body: { padding: 0 } }}>
      <Flex style={{ padding: 12 }}>
        <Input.Search
          allowClear
          aria-label={t('reports.groups.search')}
          placeholder={t('reports.groups.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ maxWidth: 320 }}
        />
      </Flex>
      {groups.isError && !groups.data ? (
        <QueryError onRetry={() => void groups.refetch()} />
      ) : (
        <Table<ReportGroup>
          rowKey="id"
          size="middle"
          loading={groups.isPending}
          dataSource={shown}
          locale={{
            emptyText: groups.isPending ? (
              ' '
            ) : (
              <EmptyState description={needle ? undefined : t('reports.groups.empty')} />
            ),
          }}
          pagination={pagination}
          scroll={{ x: 900 }}
          columns={[
            {
              title: t('reports.groups.name'),
              key: 'name',
              width: 260,
              render: (_, row) => <Typography.Text strong>{row.name}</Typography.Text>,
            },
            {
              title: t('reports.groups.reports'),
              key: 'reports',
              render: (_, row) => (
                <Flex gap={4} wrap>
                  {row.reports.map((r, i) => (
                    <Tag key={r.id} variant="filled">
                      {`${i + 1}. ${r.name}`}
                    </Tag>
                  ))}
                </Flex>
              ),
            },
            {
              title: t('reports.groups.updatedAt'),
              key: 'updatedAt',
              width: 190,
              render: (_, row) => formatDateTime(row.updatedAt),
            },
            {
              title: t('reports.actions'),
              key: 'actions',
              width: 160,
              render: (_, row) => (
                <EditDeleteActions
                  onEdit={() => onEdit(row)}
                  deleteTitle={t('reports.groups.deleteTitle', { name: row.name })}
                  deleteHelp={t('reports.groups.deleteHelp')}
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
