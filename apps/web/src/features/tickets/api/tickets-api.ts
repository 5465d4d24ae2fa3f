import {
  type PagedAnswer,
  TICKET_SORT_COLUMNS,
  TICKET_TEXTS,
  type TicketAction,
  type TicketCloseRows,
  type TicketCounts,
  type TicketCreateBody,
  type TicketDetail,
  type TicketOrigin,
  type TicketRow,
  type TicketStatus,
  type TicketUpdateBody,
  type TicketUserRef,
  ticketEndpoints,
  toPagedQuery,
} from '@recon/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { showSuccessToast } from '@/lib/toast';

/** The three lists of spec 3 §2: every ticket of the module, those assigned to me, those I assigned. */
export type TicketView = 'all' | 'assignedTo' | 'assignedBy';
export const TICKET_VIEWS: readonly TicketView[] = ['all', 'assignedTo', 'assignedBy'];

export type TicketFilters = {
  origin: TicketOrigin;
  status?: TicketStatus;
  fromDate?: string;
  toDate?: string;
  externalType?: string;
  externalProvider?: string;
  /** 'true': only the open tickets past their due date (decision 0032). */
  overdue?: 'true';
};

export const ticketsRoot = (moduleId: number) => ['tickets', moduleId] as const;

function filterQuery(f: TicketFilters): Record<string, string> {
  const q: Record<string, string> = {};
  for (const [key, value] of Object.entries(f)) if (value) q[key] = value;
  return q;
}

/** GET v2/tickets, assigned_to/{id}, assigned_by/{id}: one DataTables page, newest first. */
export async function getTickets(
  view: TicketView,
  userId: number,
  p: TicketFilters & { start: number; length: number },
): Promise<PagedAnswer<TicketRow>> {
  const { start, length, ...filters } = p;
  const query = {
    ...toPagedQuery({
      start,
      length,
      draw: start / length + 1,
      columns: TICKET_SORT_COLUMNS.map((data) => ({ data })),
    }),
    ...filterQuery(filters),
  };
  if (view === 'assignedTo') return call(ticketEndpoints.assignedTo, { params: { id: userId }, query });
  if (view === 'assignedBy') return call(ticketEndpoints.assignedBy, { params: { id: userId }, query });
  return call(ticketEndpoints.list, { query });
}

export function useTickets(
  moduleId: number,
  view: TicketView,
  userId: number,
  params: TicketFilters & { start: number; length: number },
) {
  return useQuery({
    queryKey: [...ticketsRoot(moduleId), 'list', view, userId, params],
    queryFn: () => getTickets(view, userId, params),
    placeholderData: keepPreviousData,
  });
}

/** GET …/counts of a view: its tickets counted by status (the status filter left out). */
export async function getTicketCounts(view: TicketView, userId: number, filters: TicketFilters): Promise<TicketCounts> {
  const { status: _status, overdue: _overdue, ...rest } = filters;
  const query = filterQuery({ ...rest });
  if (view === 'assignedTo') return call(ticketEndpoints.assignedToCounts, { params: { id: userId }, query });
  if (view === 'assignedBy') return call(ticketEndpoints.assignedByCounts, { params: { id: userId }, query });
  return call(ticketEndpoints.counts, { query });
}

export function useTicketCounts(moduleId: number, view: TicketView, userId: number, filters: TicketFilters) {
  return useQuery({
    queryKey: [...ticketsRoot(moduleId), 'counts', view, userId, { ...filters, status: undefined }],
    queryFn: () => getTicketCounts(view, userId, filters),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(moduleId: number, id: number | undefined) {
  return useQuery({
    queryKey: [...ticketsRoot(moduleId), 'detail', id],
    queryFn: () => call(ticketEndpoints.detail, { params: { id: id as number } }),
    enabled: id !== undefined,
  });
}

export function useTicketHistory(moduleId: number, id: number | undefined) {
  return useQuery({
    queryKey: [...ticketsRoot(moduleId), 'history', id],
    queryFn: () => call(ticketEndpoints.history, { params: { id: id as number } }),
    enabled: id !== undefined,
  });
}

export function useTicketTransactions(
  moduleId: number,
  p: { ticketId: number; dataSourceId: number; start: number; length: number },
) {
  return useQuery({
    queryKey: [...ticketsRoot(moduleId), 'transactions', p],
    queryFn: () =>
      call(ticketEndpoints.transactions, {
        query: { ticketId: p.ticketId, dataSourceId: p.dataSourceId, start: p.start, length: p.length },
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET v2/tickets/search?Find=ByTitle&title=: at most 20 titles that contain the text. */
export function useTicketSearch(moduleId: number, title: string) {
  return useQuery({
    queryKey: [...ticketsRoot(moduleId), 'search', title],
    queryFn: () => call(ticketEndpoints.search, { query: { title } }),
    enabled: title.trim().length > 0,
  });
}

/** GET v2/tickets/users?search=: the module's active users for the assignee and cc picker (decision 0029). */
export function useTicketUsers(moduleId: number, search: string) {
  return useQuery({
    queryKey: [...ticketsRoot(moduleId), 'users', search.trim()],
    queryFn: () => call(ticketEndpoints.users, { query: { search: search.trim() } }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

function useInvalidateTickets(moduleId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ticketsRoot(moduleId) });
}

/** POST or PUT /v2/tickets: "Successfully Created" / "Successfully Updated". */
export function useSaveTicket(moduleId: number) {
  const invalidate = useInvalidateTickets(moduleId);
  return useMutation({
    mutationFn: (body: TicketCreateBody | TicketUpdateBody): Promise<TicketDetail> =>
      'id' in body ? call(ticketEndpoints.update, { body }) : call(ticketEndpoints.create, { body }),
    onSuccess: (_detail, body) => {
      showSuccessToast('id' in body ? TICKET_TEXTS.updated : TICKET_TEXTS.created);
      return invalidate();
    },
  });
}

export type TicketActionInput = {
  action: TicketAction;
  id: number;
  remark?: string;
  status?: TicketStatus;
  assignedTo?: TicketUserRef[];
  /** close: knock off the open linked rows, or leave them open (decision 0029). */
  linkedRows?: TicketCloseRows;
};

const ACTION_ENDPOINTS = {
  reassign: ticketEndpoints.reassign,
  escalate: ticketEndpoints.escalate,
  reopen: ticketEndpoints.reopen,
  close: ticketEndpoints.close,
  change_status: ticketEndpoints.changeStatus,
} as const;

/** PUT v2/tickets/reassign, /escalate, /reopen, /close, /change_status. */
export function useTicketAction(moduleId: number) {
  const invalidate = useInvalidateTickets(moduleId);
  return useMutation({
    mutationFn: ({ action, ...body }: TicketActionInput): Promise<TicketDetail> =>
      call(ACTION_ENDPOINTS[action], { body: body as never }),
    onSuccess: () => invalidate(),
  });
}

export function useAddComment(moduleId: number) {
  const invalidate = useInvalidateTickets(moduleId);
  return useMutation({
    mutationFn: (body: { ticketId: number; comment: string }) => call(ticketEndpoints.comment, { body }),
    onSuccess: () => {
      showSuccessToast(TICKET_TEXTS.commented);
      return invalidate();
    },
  });
}

/** GET v2/tickets/download/{id}: the CSV file, saved by the browser. */
export async function downloadTicket(id: number): Promise<void> {
  const blob = (await call(ticketEndpoints.download, { params: { id } }, { responseType: 'blob' })) as Blob;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `ticket-${id}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
