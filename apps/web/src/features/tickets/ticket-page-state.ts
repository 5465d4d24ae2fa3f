import { TICKET_STATUSES, type TicketOrigin, type TicketStatus } from '@recon/contract';
import { MODULE_CACHE_NAMES, readModuleCache, writeModuleCache } from '@/lib/module-cache';
import { TICKET_VIEWS, type TicketView } from './api/tickets-api';

/**
 * Spec 1 and spec 3 §2: the tickets page keeps its state per module — the date range, the view chosen on the
 * internal and on the external page, the external type and provider (and here the status filter too).
 */
export type TicketPageState = {
  internalView: TicketView;
  externalView: TicketView;
  status?: TicketStatus;
  fromDate?: string;
  toDate?: string;
  externalType?: string;
  externalProvider?: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const view = (v: unknown): TicketView => TICKET_VIEWS.find((x) => x === v) ?? 'all';

export function readTicketPageState(moduleId: number): TicketPageState {
  const raw = readModuleCache(MODULE_CACHE_NAMES.ticketPage, moduleId);
  const o = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  return {
    internalView: view(o.internalView),
    externalView: view(o.externalView),
    status: TICKET_STATUSES.find((s) => s === o.status),
    fromDate: typeof o.fromDate === 'string' && DAY.test(o.fromDate) ? o.fromDate : undefined,
    toDate: typeof o.toDate === 'string' && DAY.test(o.toDate) ? o.toDate : undefined,
    externalType: text(o.externalType),
    externalProvider: text(o.externalProvider),
  };
}

export function writeTicketPageState(moduleId: number, state: TicketPageState): void {
  writeModuleCache(MODULE_CACHE_NAMES.ticketPage, moduleId, state);
}

export const viewOf = (state: TicketPageState, origin: TicketOrigin) =>
  origin === 'INTERNAL' ? state.internalView : state.externalView;
