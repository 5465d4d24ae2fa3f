import { APPROVAL_KINDS, APPROVAL_STATUSES, type ApprovalKind, type ApprovalStatus } from '@recon/contract';
import { PAGE_SIZE_OPTIONS } from '@recon/contract/constants';

/** Filters, paging and the open request live in the URL, so a view can be shared and survives a reload. */
export type ApprovalUrlState = {
  page: number;
  size: number;
  status?: ApprovalStatus;
  kind?: ApprovalKind;
  approvalId?: number;
};

function positiveInt(value: string | null): number | undefined {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isInteger(n) && n > 0 && String(n) === value ? n : undefined;
}

export function readApprovalUrlState(params: URLSearchParams, defaultPageSize: number): ApprovalUrlState {
  const size = positiveInt(params.get('size'));
  return {
    page: positiveInt(params.get('page')) ?? 1,
    size: size && (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : defaultPageSize,
    status: APPROVAL_STATUSES.find((s) => s === params.get('status')),
    kind: APPROVAL_KINDS.find((k) => k === params.get('kind')),
    approvalId: positiveInt(params.get('approvalId')),
  };
}

export function writeApprovalUrlState(state: ApprovalUrlState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('page', String(state.page));
  params.set('size', String(state.size));
  if (state.status) params.set('status', state.status);
  if (state.kind) params.set('kind', state.kind);
  if (state.approvalId) params.set('approvalId', String(state.approvalId));
  return params;
}
