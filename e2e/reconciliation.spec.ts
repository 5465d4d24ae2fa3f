import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_JOB, DEMO_MODULE, DEMO_RECON, DEMO_SAMPLES } from './demo-recon.ts';
import {
  choose,
  dropdownOptions,
  openFromNav,
  openOptions,
  settle,
  shot,
  showRows,
  signIn,
  storedUser,
  switchModule,
} from './helpers.ts';

/**
 * Issue 4's journey, one person end to end on the demo recon: a rule made in the editor, the demo job run on the
 * samples, the reconciled and unreconciled tabs, an open row explained and knocked off, the view exported and the
 * file downloaded, then the run rolled back and its rows gone from the tabs. Starts from a demo server where the
 * demo recon holds no rows yet (the journeys' fresh server; rollbacks.spec and transactions.spec load them again).
 */

const MODULE = DEMO_MODULE;
const RECON = DEMO_RECON;
const JOB = DEMO_JOB;
const SAMPLES = DEMO_SAMPLES;
const RULE = 'Gateway refunds never credited';
/** A bank credit short by a ₹25 deduction (scripts/generate-demo-files.mjs): no rule accepts it. */
const SHORT_UTR = '373319002526';
const REASON = 'Short credit: ₹25 bank deduction booked to charges';

test.setTimeout(360_000);
// A step that cannot happen fails in half a minute, not at the end of the journey's time.
test.use({ actionTimeout: 30_000 });

/** Picks the option shown exactly as `option` in the select named `name`. */
async function pick(page: Page, name: string, option: string): Promise<void> {
  const select = page.getByRole('combobox', { name });
  const shown = select.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  // A select whose options change under it (the column list of the side just chosen arriving) may drop the pick:
  // the user sees it empty and picks again, and so does this.
  await expect(async () => {
    const options = await openOptions(page, select);
    await options.getByText(option, { exact: true }).click({ timeout: 2_000 });
    await expect(shown).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

async function api<T>(page: Page, path: string): Promise<T> {
  const user = await storedUser(page);
  const moduleId = await page.evaluate(() => localStorage.getItem('selectedModuleId') ?? '');
  const res = await page.request.get(`/web${path}`, {
    headers: { authorization: `Bearer ${user.authToken}`, 'x-user-id': String(user.id), 'x-module-id': moduleId },
  });
  expect(res.ok(), `GET ${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

const rows = (page: Page) => page.locator('.ant-table-row');

/** Widens the range to the whole of October 2026, the samples' month. */
async function showOctober(page: Page): Promise<void> {
  const [from, to] = [0, 1].map((i) => page.getByRole('textbox', { name: 'Between' }).nth(i));
  await from.click();
  await from.fill('01-10-2026');
  await to.click();
  await to.fill('31-10-2026');
  await to.press('Enter');
  await expect(from).toHaveValue('01-10-2026');
  await expect(to).toHaveValue('31-10-2026');
  await settle(page);
}

/** The table's column header whose title is `title`. */
const header = (page: Page, title: string) =>
  page.getByRole('columnheader').filter({ has: page.getByText(title, { exact: true }) });

/** Filters a column on the server with an operator, through its header's filter. */
async function filterColumn(page: Page, title: string, operator: string, value: string): Promise<void> {
  await header(page, title).getByRole('button').click();
  const panel = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await panel.getByRole('combobox', { name: 'Operator' }).click();
  await dropdownOptions(page).getByText(operator, { exact: true }).click();
  await panel.getByRole('textbox', { name: 'Value' }).fill(value);
  await panel.getByRole('textbox', { name: 'Value' }).press('Enter');
  await expect(page.getByText(`${title} ${operator.toLowerCase()} ${value}`)).toBeVisible();
  await settle(page);
}

/** The total the table's pagination shows ("1-10 of 2,431 items"). */
async function listedTotal(page: Page): Promise<number> {
  const text = (await page.locator('.ant-pagination-total-text').textContent()) ?? '';
  const total = /of ([\d,]+) items?/.exec(text)?.[1];
  if (!total) throw new Error(`no total in "${text}"`);
  return Number(total.replaceAll(',', ''));
}

/** Each line of a CSV whose cells hold no line breaks (the demo's do not). */
function csvLines(content: string): string[] {
  return content
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\n');
}

async function openDrawerOf(row: Locator): Promise<void> {
  await row.getByRole('button', { name: /^Open row \d+$/ }).click();
}

test('a rule, the job, the tabs, an explanation, a knock off, an export and its file, and a rollback', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await switchModule(page, MODULE);
  const recons = await api<{ data: { id: number; name: string; dataSources: { id: number; side: string }[] }[] }>(
    page,
    '/v2/transactions?Find=Recons',
  );
  const recon = recons.data.find((r) => r.name === RECON);
  const sideA = recon?.dataSources.find((d) => d.side === 'A');
  if (!recon || !sideA) throw new Error(`the demo recon ${RECON} with its side A is missing`);
  const loaded = await api<{ recordsTotal: number }>(
    page,
    `/v2/transactions?Find=ByTab&tab=all&reconId=${recon.id}&dataSourceId=${sideA.id}&length=1`,
  );
  expect(loaded.recordsTotal, 'the demo recon must hold no rows before this journey').toBe(0);

  await test.step('a knock-off rule for gateway refunds, made in the rule editor', async () => {
    await openFromNav(page, 'Operations', 'Configuration', 'Recon Rules');
    await expect(page.getByRole('heading', { name: 'Recon Rules' })).toBeVisible();
    await expect(rows(page).first()).toBeVisible();
    await page.getByRole('button', { name: 'Create Rule' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill(RULE);
    await pick(page, 'Rule Type', 'Knock off');
    await page
      .getByRole('textbox', { name: 'Description' })
      .fill('A refunded payment is never settled to the bank: close it with the rule as the reason');
    await pick(page, 'Condition 1 type', 'Filter');
    await page.getByRole('radiogroup', { name: 'Condition 1 Element One Data source' }).getByText('B').click();
    await pick(page, 'Condition 1 Element One Column', 'status');
    await page.getByRole('textbox', { name: 'Condition 1 value' }).fill('REFUNDED');
    await shot(page, 'reconciliation-01-rule-editor');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const created = rows(page).filter({ has: page.getByRole('link', { name: RULE }) });
    await expect(created).toBeVisible();
    await expect(created.getByRole('switch')).toBeChecked();
    await expect(created).toContainText('Knock off');
    await shot(page, 'reconciliation-02-rules');
  });

  await test.step('the demo job loads both samples and runs the recon', async () => {
    await openFromNav(page, 'Operations', 'Jobs');
    await page.getByRole('button', { name: `Upload files and run job ${JOB}` }).click();
    await expect(page.getByRole('heading', { name: `Upload Files and Run ${JOB}` })).toBeVisible();
    for (const [i, sample] of SAMPLES.entries()) {
      const chooser = page.waitForEvent('filechooser');
      await page.getByText('Click or drop files for this pipeline').nth(i).click();
      await (await chooser).setFiles(sample);
    }
    await expect(page.getByRole('cell', { name: 'Waiting to run' })).toHaveCount(2, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Run Job' }).click();
    await expect(page).toHaveURL(/\/operations\/history\/execution-history\?executionId=\d+/);
    const drawer = page.getByRole('dialog', { name: new RegExp(`^${JOB} Run #\\d+ `) });
    // The samples' invalid rows are set aside: the loads end partially completed, the recon completed.
    await expect(drawer).toHaveAccessibleName(/ (Completed|Partially Completed)$/, { timeout: 120_000 });
    await shot(page, 'reconciliation-03-run');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    const history = page.getByRole('row', { name: new RegExp(JOB) }).first();
    await expect(history).toContainText(/Completed|Partially Completed/);
    await shot(page, 'reconciliation-04-execution-history');
  });

  await test.step('the reconciled tab: rows with their status badges and rules', async () => {
    await openFromNav(page, 'Transactions', 'Recon', 'Reconciled');
    await expect(page.getByRole('heading', { name: 'Reconciled' })).toBeVisible();
    await showRows(page);
    await showOctober(page);
    await expect(rows(page).first().locator('.ant-tag')).toHaveText(
      /Reconciled|Relax match|Proposed match|Partial reconciled/,
    );
    // Every matched status of the tab is there: the samples hold each.
    await choose(page, page.getByRole('combobox', { name: 'Status' }), 'Partial reconciled');
    await expect(rows(page).first().locator('.ant-tag')).toHaveText('Partial reconciled');
    await expect(rows(page).first()).toContainText('Batch settlement within a rupee');
    await shot(page, 'reconciliation-05-reconciled-partial');
  });

  await test.step('the unreconciled tab: an open row explained', async () => {
    await openFromNav(page, 'Transactions', 'Recon', 'Unreconciled');
    await expect(page.getByRole('heading', { name: 'Unreconciled' })).toBeVisible();
    await showRows(page);
    await showOctober(page);
    await expect(rows(page).first().locator('.ant-tag')).toHaveText('Unreconciled');
    await shot(page, 'reconciliation-06-unreconciled');
    await filterColumn(page, 'UTR', 'Equal', SHORT_UTR);
    await expect(rows(page)).toHaveCount(1);
    await openDrawerOf(rows(page).first());
    const drawer = page.getByRole('dialog', { name: /· row \d+$/ });
    await drawer.getByRole('tab', { name: 'Why?' }).click();
    const rule = drawer.locator('.ant-card').filter({ hasText: 'UTR, net amount and settlement date' });
    // The nearest row of the gateway side: same UTR and date, the amount is what fails.
    const nearest = rule.locator('.ant-collapse-item-active');
    await expect(nearest).toContainText('B · Gateway Settlement');
    await expect(nearest).toContainText(/\d of \d conditions hold/);
    const failing = nearest.getByRole('row').filter({ has: page.getByRole('img', { name: 'Fails' }) });
    await expect(failing).toHaveCount(1);
    await expect(failing).toContainText('Amount');
    await expect(nearest.getByRole('row').filter({ hasText: 'utr' }).getByRole('img', { name: 'Holds' })).toHaveCount(
      1,
    );
    await rule.evaluate((card) => card.scrollIntoView({ block: 'start' }));
    await shot(page, 'reconciliation-07-explain');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
  });

  await test.step('the open row knocked off with a reason: gone from unreconciled, listed under knock off', async () => {
    await rows(page).first().getByRole('checkbox').check();
    await expect(page.getByText(/^1 row selected/)).toBeVisible();
    await page.getByRole('button', { name: 'Knock off' }).click();
    const modal = page.getByRole('dialog', { name: 'Knock off 1 row' });
    await modal.getByLabel('Reason').fill(REASON);
    await shot(page, 'reconciliation-08-knock-off');
    await modal.getByRole('button', { name: 'Knock off 1 row' }).click();
    await expect(page.getByText('Rows knocked off')).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(rows(page)).toHaveCount(0);

    await openFromNav(page, 'Transactions', 'Recon', 'Knock off');
    await expect(page.getByRole('heading', { name: 'Knocked Off' })).toBeVisible();
    await showRows(page);
    await showOctober(page);
    await filterColumn(page, 'UTR', 'Equal', SHORT_UTR);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(REASON);
    await expect(rows(page).first()).toContainText('Knocked off · admin');
    // The rule made in the editor closed the gateway's refunds.
    await page.getByRole('tab', { name: 'B · Gateway Settlement' }).click();
    await showRows(page);
    await expect(rows(page).first()).toContainText(RULE);
    await shot(page, 'reconciliation-09-knocked-off');
  });

  let total = 0;
  await test.step('the unreconciled view exported: the request, then the file from the downloads dropdown', async () => {
    await openFromNav(page, 'Transactions', 'Recon', 'Unreconciled');
    // The tab remembers the UTR filter: cleared, the view is every open row of October.
    await expect(page.getByText(`UTR equal ${SHORT_UTR}`)).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await showRows(page);
    total = await listedTotal(page);
    expect(total).toBeGreaterThan(10);
    await page.getByRole('button', { name: 'Export' }).click();
    const modal = page.getByRole('dialog', { name: 'Export this view' });
    await expect(modal.getByRole('radio', { name: /^All columns/ })).toBeChecked();
    await shot(page, 'reconciliation-10-export');
    await modal.getByRole('button', { name: 'Export' }).click();
    await expect(modal).toBeHidden();

    const trigger = page.getByRole('button', { name: /^Downloads/ });
    const latest = page.getByRole('list', { name: 'Latest downloads' });
    await expect
      .poll(
        async () => {
          if (!(await latest.isVisible())) await trigger.click();
          const text = (await latest.getByRole('listitem').first().textContent()) ?? '';
          if (!text.includes('Ready')) await page.keyboard.press('Escape');
          return text;
        },
        { timeout: 60_000, intervals: [1000] },
      )
      .toContain('Ready');
    // The newest first; its name is shortened in the dropdown (the whole one is the file's, below).
    await expect(latest.getByRole('listitem').first()).toContainText(/\.csv/);
    await settle(page);
    await page.screenshot({ path: 'e2e/screenshots/reconciliation-11-downloads.png', animations: 'disabled' });
    const downloading = page.waitForEvent('download');
    await latest.getByRole('listitem').first().getByRole('button').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/_unreconciled_\d{8}_\d{6}\.csv$/);
    const [head, ...lines] = csvLines(readFileSync(await download.path(), 'utf8'));
    // Excel-ready (decision 0017): the tabs' headings and status labels.
    expect(head).toBe('Reference,Value Date,Narration,Debit Credit,Amount,Balance,UTR,Status,Match Id');
    expect(lines).toHaveLength(total);
    expect(lines.every((l) => l.endsWith(',Unreconciled,'))).toBe(true);
    expect(lines.some((l) => l.includes(SHORT_UTR))).toBe(false);
  });

  await test.step('the run rolled back from Execution History, finished in Rollback History', async () => {
    await openFromNav(page, 'Operations', 'History', 'Execution History');
    await expect(page.getByRole('heading', { name: 'Execution History' })).toBeVisible();
    const run = page.getByRole('row', { name: new RegExp(JOB) }).first();
    await run.getByRole('button', { name: JOB }).click();
    const drawer = page.getByRole('dialog', { name: new RegExp(`^${JOB} Run #\\d+ `) });
    await drawer.getByRole('button', { name: 'Rollback' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: /Roll back run #\d+ of/ });
    await expect(modal.getByRole('heading', { name: 'Recon runs undone' })).toBeVisible();
    await expect(modal.getByRole('cell', { name: /bank_statement\.csv/ })).toBeVisible();
    await shot(page, 'reconciliation-12-rollback-impact');
    // A rollback asks why; the audit log keeps the reason.
    await modal.getByLabel('Reason for the rollback').fill('Rolled back by the browser journey');
    await modal.getByRole('button', { name: 'Roll back' }).click();
    await expect(modal).toBeHidden();
    await expect(drawer).toHaveAccessibleName(/ Rollback$/, { timeout: 120_000 });
    await drawer.getByRole('button', { name: 'Open in Rollback History' }).click();
    await expect(page).toHaveURL(/\/operations\/history\/rollback-history\?jobExecutionId=\d+$/);
    const row = page.getByRole('row', { name: new RegExp(JOB) }).first();
    await expect(row.getByText('Rollback Finished')).toBeVisible();
    await shot(page, 'reconciliation-13-rollback-history');
  });

  await test.step('the tabs show the rows gone', async () => {
    for (const [tab, heading] of [
      ['Unreconciled', 'Unreconciled'],
      ['Reconciled', 'Reconciled'],
      ['Knock off', 'Knocked Off'],
    ] as const) {
      await openFromNav(page, 'Transactions', 'Recon', tab);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      for (const side of ['A · Bank Statement', 'B · Gateway Settlement']) {
        await page.getByRole('tab', { name: side }).click();
        await settle(page);
        await expect(rows(page)).toHaveCount(0);
        // No row at any date either: the empty table offers no other range.
        await expect(page.getByRole('button', { name: /^Show the days up to / })).toHaveCount(0);
      }
    }
    await shot(page, 'reconciliation-14-after-rollback');
  });
});
