import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { choose, dropdownOptions, openOptions, saveAndExpectToast, settle, showRows } from './helpers.ts';

/** The network-raw family of issue 9's real-file fixtures: the files and the results computed from them alone. */
export const NETWORK_DIR = 'apps/server/src/testing/real-files/network-raw';
export const NETWORK_FILE = `${NETWORK_DIR}/UPI_RAW_ACQ_20260305_01.dat`;
/** switch-ledger.csv rewritten with the RRN inside the narration (make-switch-ledger-narration.mjs). */
export const LEDGER_FILE = 'e2e/fixtures/switch-ledger-narration.csv';

type NetworkRecord = { file: string; rrn: string; occurrence: number; amount: string; why?: string };
type Expected = {
  files: Record<
    string,
    { loadedRows: number; skippedRows: unknown[]; positions?: { field: string; start: number; length: number }[] }
  >;
  recons: { matched: (NetworkRecord & { switchTxnId: string })[]; openNetworkRecords: NetworkRecord[] }[];
};

/**
 * What a correct recon of the day-1 fixed-width file against the whole ledger gives, derived from expected.json
 * (whose recon covers both network files: only the .dat file's part applies) and from the ledger file itself.
 */
export function expectedOutcome() {
  const expected = JSON.parse(readFileSync(`${NETWORK_DIR}/expected.json`, 'utf8')) as Expected;
  const name = NETWORK_FILE.split('/').pop() ?? '';
  const file = expected.files[name];
  const recon = expected.recons[0];
  if (!file?.positions || !recon) throw new Error(`expected.json has no ${name} or no recon`);
  const matched = recon.matched.filter((m) => m.file === name);
  const openNetwork = recon.openNetworkRecords.filter((r) => r.file === name);
  const ledgerRows = readFileSync(LEDGER_FILE, 'utf8').trimEnd().split('\n').length - 1;
  const position = (field: string) => {
    const p = file.positions?.find((x) => x.field === field);
    if (!p) throw new Error(`no position of ${field}`);
    return p;
  };
  return {
    loadedRows: file.loadedRows,
    skippedRows: file.skippedRows.length,
    position,
    matched,
    openNetwork,
    openLedger: ledgerRows - matched.length,
    ledgerRows,
  };
}

/** A rupee amount as the transactions tabs show it: Indian grouping, two decimals (12685.00 → 12,685.00). */
export function rupees(amount: string): string {
  const [whole = '0', paise = '00'] = amount.split('.');
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest ? `${rest},` : ''}${last3}.${paise}`;
}

/** The first and last posting day of the ledger (which covers the network file's days), as the range reads them. */
const FIXTURE_DAYS = (() => {
  const days = readFileSync(LEDGER_FILE, 'utf8')
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',')[0] ?? '')
    .sort();
  const shown = (iso = '') => iso.split('-').reverse().join('-');
  return { from: shown(days[0]), to: shown(days.at(-1)) };
})();

export type Column = { name: string; type?: 'DATE' | 'DOUBLE' };

/** Operations › Configuration › Data Tables › Create Data Table, with the given columns (VARCHAR unless typed). */
export async function createDataTable(page: Page, name: string, description: string, columns: readonly Column[]) {
  await page.getByRole('button', { name: 'Create Data Table' }).click();
  await expect(page.getByRole('heading', { name: 'Create Data Table' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill(description);
  for (const [i, column] of columns.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add Column' }).click();
    await page.getByLabel(`Column ${i + 1} name`).fill(column.name);
    if (column.type) await choose(page, page.getByRole('combobox', { name: `Column ${i + 1} data type` }), column.type);
  }
  await saveAndExpectToast(page, page.getByRole('button', { name: 'Create', exact: true }), 'Successfully Created');
  await expect(page).toHaveURL(/\/data-tables\/view-data-table\/\d+$/);
}

/** Operations › Configuration › Pipelines › Create Pipeline: a FILE pipeline loading into the table. */
export async function createPipeline(page: Page, name: string, table: string) {
  await page.getByRole('button', { name: 'Create Pipeline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Pipeline' });
  await dialog.getByLabel('Name').fill(name);
  await choose(page, dialog.getByRole('combobox', { name: 'Data Table' }), table);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: `Configure ${name}` })).toBeVisible();
}

/** Reads a sample file into the Configure File Upload screen. */
export async function readSample(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page
    .getByText('Click or drop a sample file (.csv, .txt, .tsv, .psv, .dat or .xlsx) to read its columns')
    .click();
  await (await chooser).setFiles(file);
}

/** One fixed-width column: its name in the file, start and length, and the table column it loads. */
export async function addFixedColumn(
  page: Page,
  n: number,
  column: { fileColumn: string; start: number; length: number; tableColumn: string },
) {
  await page.getByRole('button', { name: 'Add Column' }).click();
  await page.getByLabel(`File Column ${n}`, { exact: true }).fill(column.fileColumn);
  await page.getByLabel(`Start ${column.fileColumn}`, { exact: true }).fill(String(column.start));
  await page.getByLabel(`Length ${column.fileColumn}`, { exact: true }).fill(String(column.length));
  await choose(page, page.getByRole('combobox', { name: `Table Column ${column.fileColumn}` }), column.tableColumn);
}

/** Picks the option shown exactly as `option` in the select named `name`. */
export async function pick(page: Page, name: string, option: string): Promise<void> {
  const options = await openOptions(page, page.getByRole('combobox', { name, exact: true }));
  await options.getByText(option, { exact: true }).click();
}

const rows = (page: Page) => page.locator('.ant-table-row');

/**
 * Transactions › Recon › <tab> for the recon and side over the fixture's days (March 2026 is outside the default
 * fortnight) and answers the total the pagination reads ("1-10 of 15 items").
 */
export async function openTab(page: Page, recon: string, side: string): Promise<number> {
  await choose(page, page.getByRole('combobox', { name: 'Recon' }), recon);
  await page.getByRole('tab', { name: side }).click();
  await showRows(page);
  // Both files' days: the range is shared by the sides, and the ledger runs a day past the network file.
  const between = page.getByRole('textbox', { name: 'Between' });
  const [from, to] = [between.nth(0), between.nth(1)];
  await from.click();
  await from.fill(FIXTURE_DAYS.from);
  await to.click();
  await to.fill(FIXTURE_DAYS.to);
  await to.press('Enter');
  await expect(from).toHaveValue(FIXTURE_DAYS.from);
  await expect(to).toHaveValue(FIXTURE_DAYS.to);
  await settle(page);
  const text = (await page.locator('.ant-pagination-total-text').textContent()) ?? '';
  const total = /of ([\d,]+) items?/.exec(text)?.[1];
  if (!total) throw new Error(`no total in "${text}"`);
  return Number(total.replaceAll(',', ''));
}

/** The table's row holding the text. */
export const rowWith = (page: Page, text: string) => rows(page).filter({ hasText: text });

/** Narrows the tab to the rows whose column equals the value, through the column header's filter. */
export async function filterEqual(page: Page, title: string, value: string): Promise<void> {
  await page
    .getByRole('columnheader')
    .filter({ has: page.getByText(title, { exact: true }) })
    .getByRole('button')
    .click();
  const panel = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await panel.getByRole('combobox', { name: 'Operator' }).click();
  await dropdownOptions(page).getByText('Equal', { exact: true }).click();
  await panel.getByRole('textbox', { name: 'Value' }).fill(value);
  await panel.getByRole('textbox', { name: 'Value' }).press('Enter');
  await expect(page.getByText(`${title} equal ${value}`)).toBeVisible();
  await settle(page);
}
