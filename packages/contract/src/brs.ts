import { z } from 'zod';
import { calendarDateSchema } from './dates.ts';

// Bank reconciliation statement (spec 1 Reports › brs-report, privilege brsReport; issue 15; decision 0038). A BRS
// configuration names the bank statement and the books (cash book / ledger) among the module's data sources, how
// each holds its amounts (an amount with a Dr/Cr column, or a signed amount), and rules that put each OPEN item
// (not matched by the end of the day) in the group accountants present it in. The statement starts from the balance
// per books, adds and subtracts each group, and compares the balance per bank so computed with the bank's own.

export const BRS_SIDES = ['BOOKS', 'BANK'] as const;
export type BrsSide = (typeof BRS_SIDES)[number];
/** Which way a row moves its own side's balance: books Dr / bank Cr raise it, books Cr / bank Dr lower it. */
export const BRS_DIRECTIONS = ['IN', 'OUT'] as const;
export type BrsDirection = (typeof BRS_DIRECTIONS)[number];

/** The groups of the statement, in the order accountants present them. */
export const BRS_GROUPS = [
  'ISSUED_NOT_PRESENTED',
  'BANK_CREDITS_NOT_IN_BOOKS',
  'DEPOSITED_NOT_CREDITED',
  'BANK_DEBITS_NOT_IN_BOOKS',
  'OTHER',
] as const;
export type BrsGroup = (typeof BRS_GROUPS)[number];
export const BRS_GROUP_LABELS: Record<BrsGroup, string> = {
  ISSUED_NOT_PRESENTED: 'Cheques issued but not yet presented',
  DEPOSITED_NOT_CREDITED: 'Cheques / deposits paid in but not yet credited',
  BANK_DEBITS_NOT_IN_BOOKS: 'Bank charges / debits in bank not in books',
  BANK_CREDITS_NOT_IN_BOOKS: 'Interest / direct credits in bank not in books',
  OTHER: 'Other items',
};
/** The column a group's items normally go to, starting from the balance per books (OTHER: by its sign). */
export const BRS_GROUP_NATURE: Record<BrsGroup, 'ADD' | 'LESS' | null> = {
  ISSUED_NOT_PRESENTED: 'ADD',
  BANK_CREDITS_NOT_IN_BOOKS: 'ADD',
  DEPOSITED_NOT_CREDITED: 'LESS',
  BANK_DEBITS_NOT_IN_BOOKS: 'LESS',
  OTHER: null,
};
/** Where an open item goes when no rule takes it: by its side and direction. */
export function defaultBrsGroup(side: BrsSide, direction: BrsDirection): BrsGroup {
  if (side === 'BOOKS') return direction === 'OUT' ? 'ISSUED_NOT_PRESENTED' : 'DEPOSITED_NOT_CREDITED';
  return direction === 'OUT' ? 'BANK_DEBITS_NOT_IN_BOOKS' : 'BANK_CREDITS_NOT_IN_BOOKS';
}

/** COLUMN: a balance column of the side's last row dated on or before the day; ENTERED: a figure given with the
 * statement; SUM: an opening figure plus every row dated on or before the day (duplicates aside). */
export const BRS_BALANCE_MODES = ['COLUMN', 'ENTERED', 'SUM'] as const;
export type BrsBalanceMode = (typeof BRS_BALANCE_MODES)[number];

export const BRS_NAME_MAX = 100;
export const BRS_MAX_RULES = 50;

export const BRS_TEXTS = {
  created: 'Successfully Created',
  updated: 'Successfully Updated',
  deleted: 'BRS Config Deleted',
  notFound: 'BRS configuration not found',
  nameRequired: 'BRS name is required',
  nameTooLong: `BRS name must be at most ${BRS_NAME_MAX} characters`,
  nameTaken: 'A BRS configuration with this name already exists',
  sameSource: 'The bank statement and the books must be two different data sources',
  balanceColumnRequired: 'Pick the balance column',
  openingInvalid: 'The opening balance must be an amount',
  debitValuesRequired: 'Name the values of the Dr/Cr column that mean Dr',
  ruleEmpty: 'Every rule needs a narration or instrument pattern, or a direction',
  rulePatternColumn:
    'A rule with a narration pattern needs the narration column (an instrument pattern, the instrument column)',
  dateInvalid: 'Enter a valid date (YYYY-MM-DD)',
  enteredBalanceRequired: 'Enter the balance as on the date',
  enteredBalanceInvalid: 'The balance must be an amount',
  noBalanceRow: 'No row dated on or before the date carries a balance',
  downloadStarted: 'Your Download will start shortly',
} as const;

export const brsSourceNotFound = (id: number) => `Data source ${id} not found in this product`;
export const brsColumnNotFound = (column: string, source: string) => `Column ${column} is not a column of ${source}`;
export const brsAmountNotNumber = (column: string) => `Column ${column} is not an amount column`;

const day = calendarDateSchema(BRS_TEXTS.dateInvalid);
/** An amount as text: digits with at most 2 decimals, optional minus sign. */
export const BRS_AMOUNT_PATTERN = /^-?\d{1,15}(\.\d{1,2})?$/;

export const brsSideSchema = z.object({
  dataSourceId: z.number().int().positive(),
  amountColumn: z.string().trim().min(1),
  /** The Dr/Cr column; null: the amount is signed (positive raises the side's balance). */
  drCrColumn: z.string().trim().min(1).nullish(),
  /** Values of the Dr/Cr column meaning Dr (case-blind), e.g. DR, D, DEBIT. */
  debitValues: z.array(z.string().trim().min(1)).default([]),
  /** The day column; the data source's first date column when absent. */
  dateColumn: z.string().trim().min(1).nullish(),
  narrationColumn: z.string().trim().min(1).nullish(),
  instrumentColumn: z.string().trim().min(1).nullish(),
  balanceMode: z.enum(BRS_BALANCE_MODES),
  balanceColumn: z.string().trim().min(1).nullish(),
  /** SUM: the balance before the first row. */
  openingBalance: z.string().trim().nullish(),
});
export type BrsSideConfig = z.infer<typeof brsSideSchema>;

export const brsRuleSchema = z.object({
  side: z.enum(BRS_SIDES),
  /** Only rows moving this way (any when absent). */
  direction: z.enum(BRS_DIRECTIONS).nullish(),
  /** A case-blind pattern of the narration: * any text, ? one character (e.g. *CHQ*, INT*). */
  narrationPattern: z.string().trim().min(1).nullish(),
  instrumentPattern: z.string().trim().min(1).nullish(),
  group: z.enum(BRS_GROUPS),
});
export type BrsRule = z.infer<typeof brsRuleSchema>;

export const brsConfigSaveSchema = z.object({
  name: z.string().default(''),
  bank: brsSideSchema,
  books: brsSideSchema,
  rules: z.array(brsRuleSchema).max(BRS_MAX_RULES).default([]),
});
export type BrsConfigSave = z.infer<typeof brsConfigSaveSchema>;

const sideAnswerSchema = brsSideSchema.extend({
  drCrColumn: z.string().nullable(),
  dateColumn: z.string(),
  narrationColumn: z.string().nullable(),
  instrumentColumn: z.string().nullable(),
  balanceColumn: z.string().nullable(),
  openingBalance: z.string().nullable(),
  dataSourceName: z.string(),
  reconName: z.string(),
});
export const brsConfigSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  bank: sideAnswerSchema,
  books: sideAnswerSchema,
  rules: z.array(
    brsRuleSchema.extend({
      direction: z.enum(BRS_DIRECTIONS).nullable(),
      narrationPattern: z.string().nullable(),
      instrumentPattern: z.string().nullable(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BrsConfig = z.infer<typeof brsConfigSchema>;
export const brsConfigsResponseSchema = z.object({ data: z.array(brsConfigSchema) });

const money = z.string();
const enteredBalance = z.string().trim().regex(BRS_AMOUNT_PATTERN, BRS_TEXTS.enteredBalanceInvalid).optional();

export const brsStatementQuerySchema = z.object({
  asOnDate: day,
  /** The bank's balance as on the day, for a bank side whose balance is ENTERED. */
  bankBalance: enteredBalance,
  /** The books' balance as on the day, for a books side whose balance is ENTERED. */
  booksBalance: enteredBalance,
});
export type BrsStatementQuery = z.infer<typeof brsStatementQuerySchema>;

export const brsStatementGroupSchema = z.object({
  group: z.enum(BRS_GROUPS),
  label: z.string(),
  /** The group's effect on the balance per books: positive is added, negative subtracted. */
  amount: money,
  /** |amount| in the Add or the Less column. */
  add: money,
  less: money,
  count: z.number().int(),
});
export const brsStatementSchema = z.object({
  brsConfigId: z.number().int(),
  name: z.string(),
  asOnDate: z.string(),
  bankSourceName: z.string(),
  booksSourceName: z.string(),
  balancePerBooks: money,
  groups: z.array(brsStatementGroupSchema),
  totalAdd: money,
  totalLess: money,
  /** Balance per books + additions − subtractions. */
  balancePerBankComputed: money,
  /** The bank's own balance as on the day. */
  balancePerBank: money,
  /** balancePerBank − balancePerBankComputed: what the open items do not explain. */
  difference: money,
});
export type BrsStatement = z.infer<typeof brsStatementSchema>;

export const brsGroupParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  group: z.enum(BRS_GROUPS),
});
export const brsGroupItemsQuerySchema = z.object({
  asOnDate: day,
  start: z.coerce.number().int().min(0).default(0),
  length: z.coerce.number().int().min(1).max(1000).default(20),
  draw: z.coerce.number().int().default(0),
});
export const brsGroupItemSchema = z.object({
  side: z.enum(BRS_SIDES),
  id: z.number().int(),
  date: z.string().nullable(),
  narration: z.string().nullable(),
  instrument: z.string().nullable(),
  direction: z.enum(BRS_DIRECTIONS),
  /** The row's amount as loaded (positive). */
  amount: money,
  /** Its effect on the balance per books (+ added, − subtracted). */
  effect: money,
});
export const brsGroupItemsSchema = z.object({
  draw: z.number().int(),
  recordsTotal: z.number().int(),
  recordsFiltered: z.number().int(),
  total: money,
  data: z.array(brsGroupItemSchema),
});
export type BrsGroupItems = z.infer<typeof brsGroupItemsSchema>;

export const BRS_DOWNLOAD_FORMATS = ['CSV', 'XLSX'] as const;
export const brsDownloadQuerySchema = brsStatementQuerySchema.extend({
  format: z.enum(BRS_DOWNLOAD_FORMATS).default('XLSX'),
});
/** The export view a BRS download request stores (download_request.query). */
export type BrsDownloadView = {
  kind: 'BRS_STATEMENT';
  brsConfigId: number;
  asOnDate: string;
  bankBalance: string | null;
  booksBalance: string | null;
};

/** The module's data sources a side may read, with their columns, for the editor. */
export const brsDataSourcesSchema = z.object({
  data: z.array(
    z.object({
      dataSourceId: z.number().int(),
      name: z.string(),
      reconName: z.string(),
      columns: z.array(z.object({ name: z.string(), dataType: z.string(), isAmount: z.boolean() })),
    }),
  ),
});
export type BrsDataSources = z.infer<typeof brsDataSourcesSchema>;
