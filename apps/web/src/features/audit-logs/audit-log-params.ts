import { AUDIT_EVENTS, AUDIT_OUTCOMES } from '@recon/contract';
import { DATE_FORMATS, PAGE_SIZE_OPTIONS } from '@recon/contract/constants';
import dayjs, { type Dayjs } from 'dayjs';
import type { AuditLogsParams } from '@/features/audit-logs/api/get-audit-logs';
import { defaultDateRange } from '@/lib/date-range';

/** The filters as chosen; without a day range the page shows the default one. */
export type AuditLogFilterValues = {
  event?: string;
  userName?: string;
  outcome?: (typeof AUDIT_OUTCOMES)[number];
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
};

/** Filters and paging live in the URL, so a filtered page can be shared and survives a reload. */
export type AuditLogUrlState = AuditLogFilterValues & {
  page: number;
  size: number;
  /** Always set: the default range (as on the other history pages) when the URL has none. */
  from: string;
  to: string;
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readAuditLogUrlState(
  params: URLSearchParams,
  defaults: { pageSize: number; dateRangeDays: number; today?: Dayjs },
): AuditLogUrlState {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const size = Number.parseInt(params.get('size') ?? '', 10);
  const event = params.get('event') ?? undefined;
  const outcome = params.get('outcome');
  const from = params.get('from');
  const to = params.get('to');
  const hasRange = from !== null && to !== null && ISO_DAY.test(from) && ISO_DAY.test(to) && from <= to;
  const [defaultFrom, defaultTo] = defaultDateRange(defaults.dateRangeDays, defaults.today);
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    size: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : defaults.pageSize,
    event: event && (AUDIT_EVENTS as readonly string[]).includes(event) ? event : undefined,
    userName: params.get('userName')?.trim() || undefined,
    outcome: AUDIT_OUTCOMES.find((o) => o === outcome),
    from: hasRange ? from : defaultFrom.format(DATE_FORMATS.iso),
    to: hasRange ? to : defaultTo.format(DATE_FORMATS.iso),
  };
}

export function writeAuditLogUrlState(state: AuditLogFilterValues & { page: number; size: number }): URLSearchParams {
  const params = new URLSearchParams();
  params.set('page', String(state.page));
  params.set('size', String(state.size));
  for (const key of ['event', 'userName', 'outcome', 'from', 'to'] as const) {
    const value = state[key];
    if (value) params.set(key, value);
  }
  return params;
}

/** The call's parameters: a day range becomes start of the first day to end of the last, as ISO instants. */
export function toAuditLogsParams(state: AuditLogUrlState): AuditLogsParams {
  return {
    start: (state.page - 1) * state.size,
    length: state.size,
    event: state.event,
    userName: state.userName,
    outcome: state.outcome,
    fromDate: dayjs(state.from).startOf('day').toISOString(),
    toDate: dayjs(state.to).endOf('day').toISOString(),
  };
}

/** "LOGIN_SUCCESS" → "Login Success". */
export function eventLabel(event: string): string {
  return event
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
