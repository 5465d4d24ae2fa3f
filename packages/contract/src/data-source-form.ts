// The data source form's checks, in the spec's order, shared by the web form and the server.

export const COUNT_METHODS = ['COUNT', 'PERCENTAGE'] as const;
export type CountMethod = (typeof COUNT_METHODS)[number];

export const DATA_SOURCE_FORM_TEXTS = {
  productRequired: 'Product is Required',
  nameRequired: 'Name is Required',
  reconRequired: 'Recon is Required',
  pipelineRequired: 'Pipeline is Required',
  invalidPipelineRequired: 'Invalid Pipeline is Required',
  duplicateLimitRequired: 'Duplicate Records Limit is Required',
  duplicateMethodRequired: 'Max Duplicate Record Count Method is Required',
  invalidLimitRequired: 'Invalid Records Limit is Required',
  invalidMethodRequired: 'Max Invalid Record Count Method is Required',
  tableRequired: 'Table is Required',
  historyTableRequired: 'History Table is Required',
  invalidTableRequired: 'Invalid Table is Required',
  columnsUnavailable: 'Unable to load column data',
} as const;

/** A picked entity as a form holds it: an id, or an option object carrying one. */
export type FormRef = number | string | { id?: number | string | null } | null | undefined;

export type DataSourceForm = {
  product?: FormRef;
  name?: string | null;
  recon?: FormRef;
  pipeline?: FormRef;
  pipelineIdForInvalidData?: FormRef;
  maxDuplicateRecord?: string | number | null;
  maxDuplicateRecordCountMethod?: CountMethod | '' | null;
  maxInvalidRecord?: string | number | null;
  maxInvalidRecordCountMethod?: CountMethod | '' | null;
  table?: string | null;
  historyTable?: string | null;
  invalidTable?: string | null;
  /** The chosen table's columns once loaded; missing or empty when they could not be read. */
  columns?: readonly unknown[] | null;
};
export type DataSourceFormField = Exclude<keyof DataSourceForm, 'columns'> | 'table';

/** The id a picked entity carries, or null when nothing usable is picked. */
export function refId(ref: FormRef): number | null {
  const raw = ref !== null && typeof ref === 'object' ? ref.id : ref;
  if (raw === null || raw === undefined || raw === '') return null;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
}

const isBlank = (v: string | number | null | undefined) => v === null || v === undefined || String(v).trim() === '';
const isAboveZero = (v: string | number | null | undefined) => !isBlank(v) && Number(v) > 0;

type Check = { field: DataSourceFormField; message: string; fails: (f: DataSourceForm) => boolean };

/** The spec's order. The first failing check is the one the user sees. */
export const DATA_SOURCE_FORM_CHECKS: readonly Check[] = [
  { field: 'product', message: DATA_SOURCE_FORM_TEXTS.productRequired, fails: (f) => refId(f.product) === null },
  { field: 'name', message: DATA_SOURCE_FORM_TEXTS.nameRequired, fails: (f) => isBlank(f.name) },
  { field: 'recon', message: DATA_SOURCE_FORM_TEXTS.reconRequired, fails: (f) => refId(f.recon) === null },
  { field: 'pipeline', message: DATA_SOURCE_FORM_TEXTS.pipelineRequired, fails: (f) => refId(f.pipeline) === null },
  {
    field: 'pipelineIdForInvalidData',
    message: DATA_SOURCE_FORM_TEXTS.invalidPipelineRequired,
    fails: (f) => refId(f.pipelineIdForInvalidData) === null,
  },
  {
    field: 'maxDuplicateRecord',
    message: DATA_SOURCE_FORM_TEXTS.duplicateLimitRequired,
    fails: (f) => isBlank(f.maxDuplicateRecord),
  },
  {
    field: 'maxDuplicateRecordCountMethod',
    message: DATA_SOURCE_FORM_TEXTS.duplicateMethodRequired,
    fails: (f) => isAboveZero(f.maxDuplicateRecord) && !f.maxDuplicateRecordCountMethod,
  },
  {
    field: 'maxInvalidRecord',
    message: DATA_SOURCE_FORM_TEXTS.invalidLimitRequired,
    fails: (f) => isBlank(f.maxInvalidRecord),
  },
  {
    // The spec states "when limit above 0" for the duplicate method; the invalid method follows the same rule.
    field: 'maxInvalidRecordCountMethod',
    message: DATA_SOURCE_FORM_TEXTS.invalidMethodRequired,
    fails: (f) => isAboveZero(f.maxInvalidRecord) && !f.maxInvalidRecordCountMethod,
  },
  { field: 'table', message: DATA_SOURCE_FORM_TEXTS.tableRequired, fails: (f) => isBlank(f.table) },
  {
    field: 'historyTable',
    message: DATA_SOURCE_FORM_TEXTS.historyTableRequired,
    fails: (f) => isBlank(f.historyTable),
  },
  {
    field: 'invalidTable',
    message: DATA_SOURCE_FORM_TEXTS.invalidTableRequired,
    fails: (f) => isBlank(f.invalidTable),
  },
  { field: 'table', message: DATA_SOURCE_FORM_TEXTS.columnsUnavailable, fails: (f) => !f.columns?.length },
];

/** The first failing check with its field, or null when the form may be sent. */
export function firstDataSourceFormError(form: DataSourceForm): { field: DataSourceFormField; message: string } | null {
  const failed = DATA_SOURCE_FORM_CHECKS.find((c) => c.fails(form));
  return failed ? { field: failed.field, message: failed.message } : null;
}

/** The spec's data source form validation: the first message, or null. */
export function validateDataSourceForm(form: DataSourceForm): string | null {
  return firstDataSourceFormError(form)?.message ?? null;
}
