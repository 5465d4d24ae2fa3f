import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Paging } from '@/lib/list-paging';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';
import { useTablePagination } from '@/ui/use-table-pagination';

/** A server-paged query (DataTables answer): what the list shows of it. */
export type PagedRowsQuery<Row> = {
  data?: { data: Row[]; recordsFiltered: number };
  isError: boolean;
  isFetching: boolean;
  isPending: boolean;
  refetch: () => unknown;
};

type Props<Row> = {
  title: string;
  description: string;
  /** The primary create button; left out where `isAllowed` is false. */
  create?: { label: string; path: string; isAllowed?: boolean };
  /** More header buttons, before the create button. */
  actions?: ReactNode;
  filters: ReactNode;
  rows: PagedRowsQuery<Row>;
  paging: Paging;
  onPageChange: (page: number, size: number) => void;
  columns: TableColumnsType<Row>;
  /** The table's scroll width in px, so narrow screens scroll instead of squeezing columns. */
  scrollX: number;
  /** What an empty list says, where it has its own words (e.g. nothing matches the filters). */
  emptyDescription?: ReactNode;
  /** Shown after the list, e.g. the page's modals. */
  children?: ReactNode;
};

/**
 * A configuration list page: header with its create button, a filter card, and a server-paged table with loading,
 * empty and error states (a failed first load offers Retry; a failed refetch keeps the rows it has).
 */
export function PagedListPage<Row extends { id: number }>({
  title,
  description,
  create,
  actions,
  filters,
  rows,
  paging,
  onPageChange,
  columns,
  scrollX,
  emptyDescription,
  children,
}: Props<Row>) {
  const navigate = useNavigate();
  const pagination = useTablePagination(paging, rows.data?.recordsFiltered ?? 0, onPageChange);
  const createButton = create && create.isAllowed !== false && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(create.path)}>
      {create.label}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        extra={
          (actions || createButton) && (
            <Flex gap={8}>
              {actions}
              {createButton}
            </Flex>
          )
        }
      />
      <Card style={{ marginBottom: 16 }}>{filters}</Card>
      <Card styles={{ body: { padding: 0 } }}>
        {rows.isError && !rows.data ? (
          <QueryError onRetry={() => void rows.refetch()} />
        ) : (
          <Table<Row>
            rowKey="id"
            loading={rows.isFetching}
            dataSource={rows.data?.data ?? []}
            locale={{ emptyText: rows.isPending ? ' ' : <EmptyState description={emptyDescription} /> }}
            scroll={{ x: scrollX }}
            pagination={pagination}
            columns={columns}
          />
        )}
      </Card>
      {children}
    </>
  );
}
