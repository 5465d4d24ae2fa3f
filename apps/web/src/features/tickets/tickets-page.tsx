import { PlusOutlined } from '@ant-design/icons';
import {
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  type TicketOrigin,
  type TicketPriority,
  type TicketRow,
  type TicketStatus,
  type TicketType,
} from '@recon/contract';
import { DATE_FORMATS, PAGE_SIZE_OPTIONS } from '@recon/contract/constants';
import { AutoComplete, Button, Card, DatePicker, Flex, Input, Segmented, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  TICKET_VIEWS,
  type TicketFilters,
  type TicketView,
  useTicketCounts,
  useTicketSearch,
  useTickets,
} from '@/features/tickets/api/tickets-api';
import { SlaSummary } from '@/features/tickets/components/sla-summary';
import { TicketDrawer } from '@/features/tickets/components/ticket-drawer';
import { TicketForm } from '@/features/tickets/components/ticket-form';
import {
  readTicketPageState,
  type TicketPageState,
  viewOf,
  writeTicketPageState,
} from '@/features/tickets/ticket-page-state';
import { useBrand } from '@/lib/brand-context';
import { formatDateTime } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { useSignedInUser } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { AppSelect } from '@/ui/app-select';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';
import { StatusTag } from '@/ui/status-tag';

function useViewCount(moduleId: number, view: TicketView, userId: number, filters: TicketFilters) {
  return useTicketCounts(moduleId, view, userId, filters).data?.total;
}

/**
 * My Jobs › Tickets › Internal / External (spec 3 §2): all tickets, those assigned to me and those I assigned, with
 * their counts; status and date-range filters (and for external tickets type and provider) kept per module; search
 * by title; each ticket opens in a drawer.
 */
export function TicketsPage({ origin }: { origin: TicketOrigin }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const { current } = useModuleSelection();
  const me = useSignedInUser();
  const userId = me?.id ?? 0;
  const [searchParams, setSearchParams] = useSearchParams();
  const ticketParam = Number.parseInt(searchParams.get('ticketId') ?? '', 10);
  const openId = Number.isInteger(ticketParam) && ticketParam > 0 ? ticketParam : undefined;
  const openTicket = (id: number | undefined) => {
    const next = new URLSearchParams(searchParams);
    if (id) next.set('ticketId', String(id));
    else next.delete('ticketId');
    setSearchParams(next);
  };
  const [state, setState] = useState<TicketPageState>(() => readTicketPageState(current.id));
  const [stateModule, setStateModule] = useState(current.id);
  if (stateModule !== current.id) {
    setStateModule(current.id);
    setState(readTicketPageState(current.id));
  }
  const [page, setPage] = useState({ current: 1, size: brand.defaultPageSize });
  const [creating, setCreating] = useState(false);
  const [isOverdueOnly, setOverdueOnly] = useState(false);
  const [title, setTitle] = useState('');
  const searchText = useDebouncedValue(title.trim(), 300);
  const found = useTicketSearch(current.id, searchText);

  const update = (patch: Partial<TicketPageState>) => {
    const next = { ...state, ...patch };
    setState(next);
    writeTicketPageState(current.id, next);
    setPage((p) => ({ ...p, current: 1 }));
  };
  const view = viewOf(state, origin);
  const filters: TicketFilters = {
    origin,
    status: state.status,
    fromDate: state.fromDate,
    toDate: state.toDate,
    ...(origin === 'EXTERNAL' ? { externalType: state.externalType, externalProvider: state.externalProvider } : {}),
    ...(isOverdueOnly ? { overdue: 'true' as const } : {}),
  };
  const tickets = useTickets(current.id, view, userId, {
    ...filters,
    start: (page.current - 1) * page.size,
    length: page.size,
  });
  const counts = useTicketCounts(current.id, view, userId, filters);
  const viewCounts: Record<TicketView, number | undefined> = {
    all: useViewCount(current.id, 'all', userId, filters),
    assignedTo: useViewCount(current.id, 'assignedTo', userId, filters),
    assignedBy: useViewCount(current.id, 'assignedBy', userId, filters),
  };
  const range =
    state.fromDate && state.toDate
      ? ([dayjs(state.fromDate), dayjs(state.toDate)] as [dayjs.Dayjs, dayjs.Dayjs])
      : null;

  return (
    <>
      <PageHeader
        title={t(origin === 'INTERNAL' ? 'tickets.internalTitle' : 'tickets.externalTitle')}
        description={t(origin === 'INTERNAL' ? 'tickets.internalDescription' : 'tickets.externalDescription')}
        extra={
          origin === 'INTERNAL' && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('tickets.newTicket')}
            </Button>
          )
        }
      />
      <SlaSummary
        moduleId={current.id}
        origin={origin}
        isOverdueOnly={isOverdueOnly}
        onOverdueOnly={(next) => {
          setOverdueOnly(next);
          setPage((p) => ({ ...p, current: 1 }));
        }}
      />
      <Card style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap align="center" justify="space-between">
          <Segmented<TicketView>
            value={view}
            onChange={(v) => update(origin === 'INTERNAL' ? { internalView: v } : { externalView: v })}
            options={TICKET_VIEWS.map((v) => ({
              value: v,
              label: `${t(`tickets.views.${v}`)}${viewCounts[v] !== undefined ? ` (${viewCounts[v]})` : ''}`,
            }))}
          />
          <AutoComplete
            style={{ width: 320 }}
            value={title}
            onChange={setTitle}
            onSelect={(value: string) => {
              openTicket(Number(value));
              setTitle('');
            }}
            options={(searchText ? (found.data?.data ?? []) : []).map((r) => ({
              value: String(r.id),
              label: (
                <Flex justify="space-between" gap={8}>
                  <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                    #{r.id} {r.title}
                  </span>
                  <StatusTag status={r.status} label={TICKET_STATUS_LABELS[r.status]} />
                </Flex>
              ),
            }))}
            notFoundContent={searchText && found.isFetched ? t('tickets.noTitleMatch') : null}
          >
            <Input.Search aria-label={t('tickets.searchByTitle')} placeholder={t('tickets.searchByTitle')} allowClear />
          </AutoComplete>
        </Flex>
        <Flex gap={12} wrap align="center" style={{ marginTop: 12 }}>
          <AppSelect<TicketStatus>
            aria-label={t('tickets.status')}
            placeholder={t('tickets.allStatuses')}
            style={{ width: 220 }}
            value={state.status}
            onChange={(status) => update({ status: status ?? undefined })}
            options={TICKET_STATUSES.map((s) => ({
              value: s,
              label: `${TICKET_STATUS_LABELS[s]} (${counts.data?.byStatus[s] ?? 0})`,
            }))}
          />
          <DatePicker.RangePicker
            aria-label={t('tickets.createdBetween')}
            format={DATE_FORMATS.display}
            value={range}
            placeholder={[t('tickets.createdFrom'), t('tickets.createdTo')]}
            onChange={(v) =>
              update({
                fromDate: v?.[0]?.format(DATE_FORMATS.iso) ?? undefined,
                toDate: v?.[1]?.format(DATE_FORMATS.iso) ?? undefined,
              })
            }
          />
          {origin === 'EXTERNAL' && (
            <>
              <Input
                aria-label={t('tickets.externalType')}
                placeholder={t('tickets.externalType')}
                style={{ width: 180 }}
                defaultValue={state.externalType}
                onBlur={(e) => update({ externalType: e.target.value.trim() || undefined })}
              />
              <Input
                aria-label={t('tickets.externalProvider')}
                placeholder={t('tickets.externalProvider')}
                style={{ width: 180 }}
                defaultValue={state.externalProvider}
                onBlur={(e) => update({ externalProvider: e.target.value.trim() || undefined })}
              />
            </>
          )}
          {(state.status || state.fromDate || state.externalType || state.externalProvider) && (
            <Button
              type="link"
              onClick={() =>
                update({
                  status: undefined,
                  fromDate: undefined,
                  toDate: undefined,
                  externalType: undefined,
                  externalProvider: undefined,
                })
              }
            >
              {t('tickets.clearFilters')}
            </Button>
          )}
        </Flex>
      </Card>
      <Card styles={{ body: { padding: 0 } }}>
        {tickets.isError && !tickets.data ? (
          <QueryError onRetry={() => void tickets.refetch()} />
        ) : (
          <Table<TicketRow>
            rowKey="id"
            size="middle"
            loading={tickets.isPending || (tickets.isFetching && tickets.isPlaceholderData)}
            dataSource={tickets.data?.data ?? []}
            locale={{ emptyText: tickets.isPending ? ' ' : <EmptyState /> }}
            scroll={{ x: 1100 }}
            onRow={(row) => ({
              style: {
                cursor: 'pointer',
                ...(row.id === openId ? { background: 'var(--ant-color-primary-bg)' } : {}),
              },
              onClick: () => openTicket(row.id),
            })}
            pagination={{
              current: page.current,
              pageSize: page.size,
              total: tickets.data?.recordsFiltered ?? 0,
              pageSizeOptions: [...PAGE_SIZE_OPTIONS],
              showSizeChanger: true,
              showTotal: (total, [from, to]) => t('common.pageRange', { from, to, total }),
              onChange: (current, size) => setPage({ current: size !== page.size ? 1 : current, size }),
            }}
            columns={[
              { title: t('tickets.id'), dataIndex: 'id', key: 'id', width: 80, render: (id: number) => `#${id}` },
              {
                title: t('tickets.titleField'),
                dataIndex: 'title',
                key: 'title',
                minWidth: 220,
                render: (v: string, r) => (
                  <span>
                    {v}
                    {r.linkedRowCount > 0 && (
                      <Typography.Text type="secondary">
                        {' '}
                        · {t('tickets.rowCount', { count: r.linkedRowCount })}
                      </Typography.Text>
                    )}
                  </span>
                ),
              },
              {
                title: t('tickets.status'),
                dataIndex: 'status',
                key: 'status',
                width: 110,
                render: (s: TicketStatus, r) => <StatusTag status={s} label={r.statusLabel} />,
              },
              {
                title: t('tickets.priority'),
                dataIndex: 'priority',
                key: 'priority',
                width: 100,
                render: (p: TicketPriority) => (
                  <Tag color={p === 'URGENT' ? 'red' : p === 'HIGH' ? 'orange' : undefined}>
                    {t(`tickets.priorities.${p}`)}
                  </Tag>
                ),
              },
              {
                title: t('tickets.type'),
                dataIndex: 'type',
                key: 'type',
                width: 100,
                render: (v: TicketType) => t(`tickets.types.${v}`),
              },
              {
                title: t('tickets.assignees'),
                key: 'assignees',
                width: 150,
                render: (_, r) => r.assignees.map((u) => u.assignedToName).join(', ') || '—',
              },
              {
                title: t('tickets.dueDate'),
                dataIndex: 'dueDate',
                key: 'dueDate',
                width: 160,
                render: (v: string, r) => (
                  <Flex vertical gap={2} align="flex-start">
                    <Typography.Text type={r.isOverdue ? 'danger' : undefined}>{formatDateTime(v)}</Typography.Text>
                    {r.isOverdue && (
                      <Tag color="error" style={{ marginInlineEnd: 0 }}>
                        {t('tickets.overdue')}
                      </Tag>
                    )}
                  </Flex>
                ),
              },
              {
                title: t('tickets.createdAt'),
                dataIndex: 'createdAt',
                key: 'createdAt',
                width: 160,
                render: (v: string) => formatDateTime(v),
              },
            ]}
          />
        )}
      </Card>
      <TicketDrawer moduleId={current.id} ticketId={openId} onClose={() => openTicket(undefined)} />
      <TicketForm
        moduleId={current.id}
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(saved) => openTicket(saved.id)}
      />
    </>
  );
}
