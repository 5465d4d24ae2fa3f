import { expect, type Page, test } from '@playwright/test';
import { DEMO_MODULE, DEMO_RECON, reconciledDemo } from './demo-recon.ts';
import {
  choose,
  dropdownOptions,
  openFromNav,
  openOptions,
  saveAndExpectToast,
  settle,
  shot,
  signIn,
  switchModule,
} from './helpers.ts';

/**
 * Issue 15's reports in the browser: a report built in Reports › Report Config List over the demo bank statement
 * (a filter asked at run time, grouped by debit / credit with the amount's total), previewed and saved; run in
 * Reports › Reports Execution with its run-time value; its results exported and listed in Report Downloads; then a
 * report group holding it, kept under Report Config List › Report Groups and offered by the job editor's
 * REPORT_GROUP picker.
 * Named after the GL journey: it reads the demo recon's rows, which the earlier journeys need empty.
 * Each screen is captured at 1440×900 and 1280×720.
 */

test.setTimeout(240_000);

const NAME = `Bank totals ${Date.now().toString(36)}`;
const GROUP = `Month end pack ${Date.now().toString(36)}`;

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, `tmp-reports-${name}-1440`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, `tmp-reports-${name}-1280`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('configures a report, runs it with its run-time filter and exports its results', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  await switchModule(page, DEMO_MODULE);
  await test.step('the demo rows are loaded', () => reconciledDemo(page));

  await test.step('a report grouped by debit / credit, previewed and saved', async () => {
    await openFromNav(page, 'Reports', 'Report Config List');
    await expect(page.getByRole('heading', { name: 'Report Config List' })).toBeVisible();
    await page.getByRole('button', { name: 'New Report' }).click();
    const drawer = page.getByRole('dialog', { name: 'New report' });
    await drawer.getByLabel('Report Name').fill(NAME);
    await choose(page, drawer.getByLabel('Data Source'), `Bank Statement (${DEMO_RECON})`);
    await choose(page, drawer.getByLabel('Column 1', { exact: true }), 'Debit Credit');
    await drawer.getByLabel('Label of column 1', { exact: true }).fill('Side');
    await drawer.getByRole('button', { name: 'Add filter' }).click();
    await choose(page, drawer.getByLabel('Column of filter 1', { exact: true }), 'Debit Credit');
    await drawer.getByLabel('Value of filter 1', { exact: true }).fill('CR');
    await drawer.getByRole('checkbox', { name: 'Ask at run time' }).check();
    await choose(page, drawer.getByLabel('Group by', { exact: true }), 'Debit Credit');
    await page.keyboard.press('Escape');
    await drawer.getByRole('button', { name: 'Add total' }).click();
    await choose(page, drawer.getByLabel('Column of total 1', { exact: true }), 'Amount');
    await drawer.getByLabel('Label of total 1', { exact: true }).fill('Total');
    await drawer.getByRole('button', { name: 'Preview' }).click();
    await expect(drawer.getByText('Preview: the first row')).toBeVisible();
    await expect(drawer.getByRole('cell', { name: 'CR', exact: true })).toBeVisible();
    await shots(page, '01-editor');
    await saveAndExpectToast(page, drawer.getByRole('button', { name: 'Save' }), 'Successfully Created');
    await expect(drawer).toBeHidden();
    const row = page.locator('.ant-table-row', { hasText: NAME });
    await expect(row.getByText('Asks at run time')).toBeVisible();
    await shots(page, '02-list');
  });

  await test.step('run with its run-time filter, its results paged', async () => {
    await page.locator('.ant-table-row', { hasText: NAME }).getByRole('button', { name: 'Run' }).click();
    await expect(page.getByRole('heading', { name: 'Reports Execution' })).toBeVisible();
    const value = page.getByLabel('Value for Side');
    await expect(value).toHaveValue('CR');
    await value.fill('DR');
    await page.getByRole('button', { name: /Run Report/ }).click();
    const results = page.locator('.ant-card', { hasText: `${NAME} — run #` });
    await expect(results.getByRole('cell', { name: 'DR', exact: true })).toBeVisible();
    await expect(results.getByText('Completed').first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Side equals DR' })).toBeVisible();
    await shots(page, '03-run');
  });

  await test.step('exported to Report Downloads', async () => {
    await page.getByRole('button', { name: 'Export' }).hover();
    await page.getByText('CSV file').click();
    await expect(page.getByText('Export requested: it will be listed under Downloads when ready')).toBeVisible();
    await page.goto('/downloads/report-downloads');
    await expect(page.getByRole('heading', { name: 'Report Downloads' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Ready' }).first()).toBeVisible({ timeout: 30_000 });
    await shots(page, '04-downloads');
  });

  await test.step('a report group holding the report, listed under Report Groups', async () => {
    await openFromNav(page, 'Reports', 'Report Config List');
    await page.getByRole('tab', { name: 'Report Groups' }).click();
    await expect(page).toHaveURL(/\?tab=groups$/);
    await shots(page, '05-groups-first');
    await page.getByRole('button', { name: 'New Report Group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New report group' });
    await dialog.getByLabel('Group Name').fill(GROUP);
    // The picker adds the report to the list below it and empties itself for the next one.
    const picker = dialog.getByRole('combobox', { name: 'Add a report' });
    await picker.click();
    await picker.fill(NAME);
    await expect(dropdownOptions(page).filter({ hasText: NAME })).toBeVisible();
    await picker.press('Enter');
    await expect(dialog.getByRole('button', { name: `Drag ${NAME}` })).toBeVisible();
    await shots(page, '06-group-editor');
    await saveAndExpectToast(page, dialog.getByRole('button', { name: 'Save' }), 'Successfully Created');
    await expect(dialog).toBeHidden();
    const row = page.locator('.ant-table-row', { hasText: GROUP });
    await expect(row.getByText(`1. ${NAME}`)).toBeVisible();
    await shots(page, '07-groups');
  });

  await test.step("the server's refusals shown in the editor: no report, then a name taken", async () => {
    await page.getByRole('button', { name: 'New Report Group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New report group' });
    await dialog.getByLabel('Group Name').fill(GROUP.toUpperCase());
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Add at least one report to the group')).toBeVisible();
    const picker = dialog.getByRole('combobox', { name: 'Add a report' });
    await picker.click();
    await picker.fill(NAME);
    await expect(dropdownOptions(page).filter({ hasText: NAME })).toBeVisible();
    await picker.press('Enter');
    await expect(dialog.getByText('Add at least one report to the group')).toBeHidden();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('A report group with this name already exists')).toBeVisible();
    await shots(page, '08-group-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step("offered by the job editor's REPORT_GROUP picker", async () => {
    await page.goto('/operations/jobs/create-job');
    await expect(page.locator('.ant-card-head-title', { hasText: 'Job Details' })).toBeVisible();
    await page.getByRole('button', { name: /Add Activity/ }).click();
    await choose(page, page.getByRole('combobox', { name: 'Activity Type 1', exact: true }), 'Report Group');
    await settle(page);
    const options = await openOptions(page, page.getByRole('combobox', { name: 'Activity 1', exact: true }));
    await expect(options.filter({ hasText: `${GROUP} (${NAME})` })).toBeVisible();
  });
});
