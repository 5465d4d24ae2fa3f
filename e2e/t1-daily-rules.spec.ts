import { expect, type Page, test } from '@playwright/test';
import { DEMO_JOB, DEMO_MODULE, DEMO_SAMPLES } from './demo-recon.ts';
import {
  dropdownOptions,
  openFromNav,
  rollBackLatestRun,
  settle,
  shot,
  showRows,
  signIn,
  switchModule,
} from './helpers.ts';

/**
 * Issue 12's daily use, items 6, 8 and 9: a recon rule switched off is asked about (what the next run will do),
 * saved at once and still off after a reload; what was uploaded on Upload & Run stays listed after leaving the page
 * and can be discarded; an open row's explanation names columns as the tabs do, with ₹ amounts and tolerances in
 * days and rupees; the run's recon summary is a labelled table. The run is rolled back at the end: the demo recon
 * holds no rows again, as the journeys after this one expect.
 */

const MODULE = DEMO_MODULE;
const JOB = DEMO_JOB;
const RULE = 'Credited a day late';
const SAMPLES = DEMO_SAMPLES;
/** A bank credit short by a ₹25 deduction: no rule pairs it, the explanation says why. */
const SHORT_UTR = '373319002526';

test.setTimeout(360_000);
test.use({ actionTimeout: 30_000 });

const rows = (page: Page) => page.locator('.ant-table-row');

async function shots(page: Page, name: string): Promise<void> {
  await shot(page, `tmp-rules-${name}-1440`);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, `tmp-rules-${name}-1280`);
  if (size) await page.setViewportSize(size);
}

async function openUploadPage(page: Page): Promise<void> {
  await openFromNav(page, 'Operations', 'Jobs');
  await page.getByRole('button', { name: `Upload files and run job ${JOB}` }).click();
  await expect(page.getByRole('heading', { name: `Upload Files and Run ${JOB}` })).toBeVisible();
}

async function upload(page: Page, index: number, sample: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByText('Click or drop files for this pipeline').nth(index).click();
  await (await chooser).setFiles(sample);
}

test('a rule switched and saved, uploads kept until run or discarded, an explanation in finance words', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await switchModule(page, MODULE);

  await test.step('a rule switched off is asked about, saved, and still off after a reload', async () => {
    await openFromNav(page, 'Operations', 'Configuration', 'Recon Rules');
    await expect(page.getByRole('heading', { name: 'Recon Rules' })).toBeVisible();
    const toggle = page.getByRole('switch', { name: `${RULE} enabled` });
    await expect(toggle).toBeChecked();
    await toggle.click();
    const dialog = page.getByRole('dialog').filter({ hasText: `Switch off ${RULE}?` });
    await expect(dialog).toContainText(`The next run will match without rule ${RULE}.`);
    await shots(page, '01-rule-switch-confirm');
    await dialog.getByRole('button', { name: 'Switch off' }).click();
    await expect(page.getByText(`${RULE} is off: the next run will match without it.`)).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: `${RULE} enabled` })).not.toBeChecked();
    await shots(page, '02-rules-after-reload');
    // Back on, so the explanation below and the journeys after this one see the demo's rules.
    await page.getByRole('switch', { name: `${RULE} enabled` }).click();
    const again = page.getByRole('dialog').filter({ hasText: `Switch on ${RULE}?` });
    await expect(again).toContainText(`The next run will match with rule ${RULE}.`);
    await again.getByRole('button', { name: 'Switch on' }).click();
    await expect(page.getByRole('switch', { name: `${RULE} enabled` })).toBeChecked();
  });

  await test.step('an upload stays listed after leaving the page, and can be discarded', async () => {
    await openUploadPage(page);
    await upload(page, 0, SAMPLES[0] as string);
    const waiting = page.getByRole('row').filter({ hasText: 'bank_statement.csv' });
    await expect(waiting.getByRole('cell', { name: 'Waiting to run' })).toBeVisible({ timeout: 30_000 });
    await expect(waiting).toContainText(/\d+(\.\d)? KB/);
    // Read once at upload: its rows and its header check against the pipeline's config.
    await expect(waiting.getByRole('cell', { name: /^\d{1,3}(,\d{2,3})*$/ })).toBeVisible();
    await expect(waiting).toContainText(/Matches the configuration|Column Order Changed|Additional Columns/);
    await openFromNav(page, 'Operations', 'Jobs');
    await expect(page.getByRole('heading', { name: 'Jobs' })).toBeVisible();
    await page.getByRole('button', { name: `Upload files and run job ${JOB}` }).click();
    await expect(waiting.getByRole('cell', { name: 'Waiting to run' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run Job' })).toBeEnabled();
    await shots(page, '03-upload-kept');
    await waiting.getByRole('button', { name: 'Discard bank_statement.csv' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByText('File discarded')).toBeVisible();
    await expect(waiting).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Run Job' })).toBeDisabled();
  });

  await test.step('both samples uploaded and run; the run shows its recon summary as a labelled table', async () => {
    for (const [i, sample] of SAMPLES.entries()) await upload(page, i, sample);
    await expect(page.getByRole('cell', { name: 'Waiting to run' })).toHaveCount(2, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Run Job' }).click();
    await expect(page).toHaveURL(/\/operations\/history\/execution-history\?executionId=\d+/);
    const drawer = page.getByRole('dialog', { name: new RegExp(`^${JOB} Run #\\d+ `) });
    await expect(drawer).toHaveAccessibleName(/ (Completed|Partially Completed)$/, { timeout: 120_000 });
    await expect(drawer.getByText('Recon summary')).toBeVisible();
    await expect(drawer.getByText('Side A rows closed')).toBeVisible();
    await expect(drawer.getByText('Rows closed as Reconciled')).toBeVisible();
    await expect(drawer.getByText('rowsA')).toHaveCount(0);
    await drawer.getByText('Recon summary').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shots(page, '04-recon-summary');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  await test.step("an open row's explanation: display names, ₹ amounts, tolerances with units", async () => {
    await openFromNav(page, 'Transactions', 'Recon', 'Unreconciled');
    await expect(page.getByRole('heading', { name: 'Unreconciled' })).toBeVisible();
    await showRows(page);
    const [from, to] = [0, 1].map((i) => page.getByRole('textbox', { name: 'Between' }).nth(i));
    await from.click();
    await from.fill('01-10-2026');
    await to.click();
    await to.fill('31-10-2026');
    await to.press('Enter');
    await settle(page);
    await page
      .getByRole('columnheader')
      .filter({ has: page.getByText('UTR', { exact: true }) })
      .getByRole('button')
      .click();
    const panel = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    await panel.getByRole('combobox', { name: 'Operator' }).click();
    await dropdownOptions(page).getByText('Equal', { exact: true }).click();
    await panel.getByRole('textbox', { name: 'Value' }).fill(SHORT_UTR);
    await panel.getByRole('textbox', { name: 'Value' }).press('Enter');
    await expect(rows(page)).toHaveCount(1);
    await rows(page)
      .first()
      .getByRole('button', { name: /^Open row \d+$/ })
      .click();
    const drawer = page.getByRole('dialog', { name: /· row \d+$/ });
    await drawer.getByRole('tab', { name: 'Why?' }).click();
    const rule = drawer.locator('.ant-card').filter({ hasText: RULE });
    const nearest = rule.locator('.ant-collapse-item-active');
    await expect(nearest).toContainText('Value Date (A) = Settlement Date (B) ± 1 day');
    await expect(nearest).toContainText('Amount (A) = Net Amount (B) ± ₹0.01');
    await expect(nearest).toContainText(/₹[\d,]+\.\d{2}/);
    await expect(nearest).not.toContainText('A.amount');
    await rule.evaluate((card) => card.scrollIntoView({ block: 'start' }));
    await shots(page, '05-explain');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
  });

  await test.step('the invalid rows name their columns as the recon tabs do', async () => {
    await openFromNav(page, 'Transactions', 'Pipeline', 'Invalid');
    await expect(page.getByRole('heading', { name: 'Invalid Rows' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'bank_statement.csv' }).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('columnheader', { name: /^Value Date/ }).first()).toBeVisible();
    await shots(page, '06-invalid-rows');
  });

  await test.step('the run is rolled back: the demo recon is empty again', () =>
    rollBackLatestRun(page, JOB, 'Rolled back by the daily-rules journey'));
});
