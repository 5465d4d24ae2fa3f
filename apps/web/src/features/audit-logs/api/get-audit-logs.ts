import {
  type AuditLogFilter,
  type AuditLogRow,
  auditLogEndpoints,
  type PagedAnswer,
  toPagedQuery,
} from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';

export type AuditLogsParams = AuditLogFilter & { start: number; length: number };

/** GET /v2/auditlogs: one page of the audit log (newest first) with the DataTables paging keys and filters. */
export async function getAuditLogs(params: AuditLogsParams): Promise<PagedAnswer<AuditLogRow>> {
  const { start, length, ...filters } = params;
  const query: Record<string, string | number> = { ...toPagedQuery({ start, length, draw: start / length + 1 }) };
  for (const [key, value] of Object.entries(filters)) if (value) query[key] = value;
  return call(auditLogEndpoints.list, { query });
}

export function auditLogsQuery(moduleId: number, params: AuditLogsParams) {
  return queryOptions({
    queryKey: ['audit-logs', moduleId, params],
    queryFn: () => getAuditLogs(params),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLogs(moduleId: number, params: AuditLogsParams) {
  return useQuery(auditLogsQuery(moduleId, params));
}
