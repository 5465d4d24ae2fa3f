import { z } from 'zod';

// Dropdown data of the job editor: the bot catalogue (GET /v2/jobs?Find=BotConfigs) and the module's export
// report configs (Find=ExportReportConfigs, Find=ExportReportConfigTypes).

export const BOT_BUSINESS_MODELS = ['B2B', 'B2C'] as const;
/** Bot additionalInfo.dateParam format. */
export const BOT_DATE_PARAM_FORMAT = 'YYYY-MM';

export type BotReportType = { value: string; label: string; subTypes: readonly string[] };
export type BotDurationType = {
  value: 'DAY' | 'MONTH' | 'MTD';
  label: string;
  choices: readonly { value: string; label: string }[];
};
export type BotConfig = {
  botType: string;
  label: string;
  reportTypes: readonly BotReportType[];
  /** Report types whose sub type is a duration choice (First Cry SALES). */
  durationReportTypes: readonly string[];
  durationTypes: readonly BotDurationType[];
};

const ACRONYMS = new Set(['GST', 'MTR', 'B2B', 'B2C', 'GRN']);
const labelOf = (value: string) =>
  value
    .split('_')
    .map((w) => (ACRONYMS.has(w) ? w : w.charAt(0) + w.slice(1).toLowerCase()))
    .join(' ');
const reports = (values: readonly string[], subTypes: Record<string, readonly string[]> = {}): BotReportType[] =>
  values.map((value) => ({ value, label: labelOf(value), subTypes: subTypes[value] ?? [] }));

/** First Cry SALES: "Daywise (DAY) … Monthwise (MONTH) … MTD", each with its choices. */
export const FIRST_CRY_DURATION_TYPES: readonly BotDurationType[] = [
  {
    value: 'DAY',
    label: 'Daywise',
    choices: [
      { value: 'TODAY', label: 'Today' },
      { value: 'YESTERDAY', label: 'Yesterday' },
      { value: 'DAY_BEFORE_YESTERDAY', label: 'Day before Yesterday' },
    ],
  },
  {
    value: 'MONTH',
    label: 'Monthwise',
    choices: [
      { value: 'CURRENT_MONTH', label: 'Current Month' },
      { value: 'LAST_MONTH', label: 'Last Month' },
      { value: 'MONTH_BEFORE_LAST', label: 'Month before Last' },
    ],
  },
  {
    value: 'MTD',
    label: 'MTD',
    choices: [
      { value: 'THIS_MONTH', label: 'This Month' },
      { value: 'LAST_MONTH_MTD', label: 'Last Month (MTD)' },
    ],
  },
];

// The spec names Ajio's sixteen report kinds only by group ("credit note, invoice, dropship ones, pendency,
// shipment, order, GRN, GST, inventory, return, payment"); these are the sixteen we offer.
const AJIO_REPORTS = [
  'CREDIT_NOTE',
  'INVOICE',
  'DROPSHIP_ORDER',
  'DROPSHIP_SHIPMENT',
  'DROPSHIP_INVOICE',
  'DROPSHIP_CREDIT_NOTE',
  'DROPSHIP_RETURN',
  'DROPSHIP_PAYMENT',
  'PENDENCY',
  'SHIPMENT',
  'ORDER',
  'GRN',
  'GST',
  'INVENTORY',
  'RETURN',
  'PAYMENT',
] as const;

/** The bot downloaders, their report types and sub types (spec 2 "Bot additionalInfo"). */
export const BOT_CATALOGUE: readonly BotConfig[] = [
  {
    botType: 'FLIPKART',
    label: 'Flipkart report downloader',
    // Flipkart's sub types, by the report that carries them.
    reportTypes: reports(['FULFILMENT_REPORTS', 'INVOICES', 'PAYMENT_REPORTS', 'TAX_REPORTS'], {
      FULFILMENT_REPORTS: ['ORDERS', 'RETURNS'],
      PAYMENT_REPORTS: ['SETTLED_TRANSACTIONS'],
      TAX_REPORTS: ['SALES_REPORT'],
    }),
    durationReportTypes: [],
    durationTypes: [],
  },
  {
    botType: 'AMAZON',
    label: 'Amazon report downloader',
    reportTypes: reports(['SALES_ORDER', 'RETURN_ORDER', 'GST_MTR_B2B', 'GST_MTR_B2C', 'SETTLEMENT_REPORT']),
    durationReportTypes: [],
    durationTypes: [],
  },
  {
    botType: 'AJIO',
    label: 'Ajio report downloader',
    reportTypes: reports(AJIO_REPORTS),
    durationReportTypes: [],
    durationTypes: [],
  },
  {
    botType: 'JIO_MART',
    label: 'Jio Mart report downloader',
    reportTypes: reports(['SHIPMENT', 'RETURNS', 'ACCOUNT_LEDGERS', 'INVOICE']),
    durationReportTypes: [],
    durationTypes: [],
  },
  {
    botType: 'FIRST_CRY',
    label: 'First Cry report downloader',
    reportTypes: reports(['SHIPMENT', 'SALE_RETURNS', 'SALES']),
    durationReportTypes: ['SALES'],
    durationTypes: FIRST_CRY_DURATION_TYPES,
  },
  {
    botType: 'COCOBLU',
    label: 'Cocoblu report downloader',
    reportTypes: [],
    durationReportTypes: [],
    durationTypes: [],
  },
  { botType: 'PAYTM', label: 'Paytm report downloader', reportTypes: [], durationReportTypes: [], durationTypes: [] },
  {
    botType: 'PHONEPE',
    label: 'PhonePe report downloader',
    reportTypes: [],
    durationReportTypes: [],
    durationTypes: [],
  },
];

const botDurationTypeSchema = z.object({
  value: z.enum(['DAY', 'MONTH', 'MTD']),
  label: z.string(),
  choices: z.array(z.object({ value: z.string(), label: z.string() })),
});
export const botConfigSchema = z.object({
  botType: z.string(),
  label: z.string(),
  reportTypes: z.array(z.object({ value: z.string(), label: z.string(), subTypes: z.array(z.string()) })),
  durationReportTypes: z.array(z.string()),
  durationTypes: z.array(botDurationTypeSchema),
});
export const botConfigsResponseSchema = z.object({
  data: z.array(botConfigSchema),
  businessModels: z.array(z.enum(BOT_BUSINESS_MODELS)),
  dateParamFormat: z.string(),
});
export type BotConfigsResponse = z.infer<typeof botConfigsResponseSchema>;

/**
 * Dropdown data of an EMAIL_FETCH activity (GET /v2/jobs?Find=EmailFetchConfigs, decision 0027): the module's email
 * parsing rules (the activity's target; none = every active rule) and its mail accounts (its integrationAuthId;
 * none = every one).
 */
export const emailFetchConfigsResponseSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      sender: z.string(),
      subjectPattern: z.string(),
      attachmentPattern: z.string(),
      pipelineId: z.number().int(),
      pipelineName: z.string().nullable(),
      isActive: z.boolean(),
    }),
  ),
  accounts: z.array(z.object({ id: z.number().int(), provider: z.string(), account: z.string(), status: z.string() })),
});
export type EmailFetchConfigsResponse = z.infer<typeof emailFetchConfigsResponseSchema>;

/** An export report config: what an export activity sends, where, from which pipeline and account. */
export const exportReportConfigSchema = z.object({
  id: z.number().int(),
  configName: z.string(),
  /** Shown as "Report Name". */
  exportJobTypeName: z.string(),
  reportConfigId: z.number().int().nullable(),
  pipelineId: z.number().int().nullable(),
  /** Comma-separated, as stored; the editor splits it on commas (spelling as the spec's field). */
  exportColums: z.string(),
  facility: z.string().nullable(),
  exportFilterId: z.number().int().nullable(),
  accountId: z.string().nullable(),
});
export type ExportReportConfig = z.infer<typeof exportReportConfigSchema>;
export const exportReportConfigsResponseSchema = z.object({ data: z.array(exportReportConfigSchema) });
/** Distinct export job type names of the module's configs, sorted. */
export const exportReportConfigTypesResponseSchema = z.object({ data: z.array(z.string()) });

/** Splits an export column list on commas, dropping blanks ("Export columns are split on commas"). */
export function splitExportColumns(value: string): string[] {
  return value
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
}
