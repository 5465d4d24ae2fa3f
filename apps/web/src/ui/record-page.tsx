import type { UseQueryResult } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { QueryError } from '@/ui/query-error';

type Props<T> = {
  /** The route's id: one that cannot be an id (not a positive integer) is not found without asking. */
  id: number;
  query: UseQueryResult<T>;
  notFoundTitle: ReactNode;
  /** The answer says the record is gone (a 404), where the page tells so rather than offering a retry. */
  isNotFound?: boolean;
  children: (record: T) => ReactNode;
};

/** A page of one record by its id: not found, a spinner while it loads, the error with a retry, then the page. */
export function RecordPage<T>({ id, query, notFoundTitle, isNotFound = false, children }: Props<T>) {
  if (!Number.isInteger(id) || id <= 0 || isNotFound) return <Result status="404" title={notFoundTitle} />;
  if (query.isPending) return <Spin size="large" style={{ display: 'block', margin: '80px auto' }} />;
  if (query.isError) return <QueryError onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
