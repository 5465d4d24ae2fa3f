import {
  type CountMethod,
  type DataSourceDetail,
  type DataSourceForm,
  type DataSourceRequest,
  LIMIT_PATTERN,
  limitFormat,
  limitPercentage,
  limitWholeNumber,
} from '@recon/contract';

/** The data source form as antd holds it: ids for picked entities, limits as typed text. */
export type DataSourceValues = {
  name?: string;
  recon?: number;
  pipeline?: number;
  pipelineIdForInvalidData?: number;
  maxDuplicateRecord?: string;
  maxDuplicateRecordCountMethod?: CountMethod;
  maxInvalidRecord?: string;
  maxInvalidRecordCountMethod?: CountMethod;
  table?: string;
  historyTable?: string;
  invalidTable?: string;
};

/** The spec's labels of the two limits; the server's limit messages start with them. */
export const LIMIT_LABELS = {
  maxDuplicateRecord: 'Duplicate Records Limit',
  maxInvalidRecord: 'Invalid Records Limit',
} as const;

const PERCENT_MAX = 100;

/** The ordered checks' input: the product is always the selected module; columns as loaded (or not). */
export function toCheckedForm(
  values: DataSourceValues,
  productId: number,
  columns: readonly unknown[] | undefined,
): DataSourceForm {
  return { ...values, product: productId, columns: columns ?? null };
}

export function toRequest(values: DataSourceValues, productId: number, id?: number): DataSourceRequest {
  return {
    ...(id !== undefined ? { id } : {}),
    product: productId,
    name: (values.name ?? '').trim(),
    recon: values.recon ?? null,
    pipeline: values.pipeline ?? null,
    pipelineIdForInvalidData: values.pipelineIdForInvalidData ?? null,
    maxDuplicateRecord: values.maxDuplicateRecord?.trim() ?? null,
    maxDuplicateRecordCountMethod: values.maxDuplicateRecordCountMethod ?? null,
    maxInvalidRecord: values.maxInvalidRecord?.trim() ?? null,
    maxInvalidRecordCountMethod: values.maxInvalidRecordCountMethod ?? null,
    table: values.table ?? null,
    historyTable: values.historyTable ?? null,
    invalidTable: values.invalidTable ?? null,
  };
}

/** A stored limit as the form shows it: "5.0000" → "5", "12.5000" → "12.5" (text only, no float). */
export function trimLimit(stored: string): string {
  return stored.includes('.') ? stored.replace(/\.?0+$/, '') : stored;
}

export function fromDetail(detail: DataSourceDetail): DataSourceValues {
  return {
    name: detail.name,
    recon: detail.recon.id,
    pipeline: detail.pipeline.id,
    pipelineIdForInvalidData: detail.pipelineIdForInvalidData,
    maxDuplicateRecord: trimLimit(detail.maxDuplicateRecord),
    maxDuplicateRecordCountMethod: detail.maxDuplicateRecordCountMethod ?? undefined,
    maxInvalidRecord: trimLimit(detail.maxInvalidRecord),
    maxInvalidRecordCountMethod: detail.maxInvalidRecordCountMethod ?? undefined,
    table: detail.table,
    historyTable: detail.historyTable,
    invalidTable: detail.invalidTable,
  };
}

/** A limit's format problem, with the server's messages: a decimal ≥ 0, whole for COUNT, ≤ 100 for PERCENTAGE. */
export function limitProblem(
  value: string | undefined,
  method: CountMethod | undefined,
  label: (typeof LIMIT_LABELS)[keyof typeof LIMIT_LABELS],
): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  if (!LIMIT_PATTERN.test(text)) return limitFormat(label);
  if (method === 'COUNT' && /\.\d*[1-9]/.test(text)) return limitWholeNumber(label);
  // A comparison with 100 only: no rounding of a well-formed limit can carry it across 100.
  if (method === 'PERCENTAGE' && Number(text) > PERCENT_MAX) return limitPercentage(label);
  return null;
}
