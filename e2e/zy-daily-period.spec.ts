import { expect, type Page, test } from '@playwright/test';
import { api, DEMO_JOB, DEMO_MODULE, DEMO_SAMPLES } from './demo-recon.ts';
import {
  openFromNav,
  productSwitcher,
  settle,
  shot,
  signIn,
  signOut,
  switchModule,
  uploadSamplesAndRunJob,
} from './helpers.ts';

/**
 * Issue 12 (daily use), item 2's proof: the Recon section has one period for all its tabs, opening on the latest
 * run's days (so a tab with data never opens empty), with each side's count for the period on its tab; a preset
 * changes every tab; after signing out and in again the user lands on the module with data, not on the empty one
 * that comes first by name.
 */

const MODULE = DEMO_MODULE;
const EMPTY_MODULE = 'Bank Settlement Recon';
const JOB = DEMO_JOB;
const SAMPLES = DEMO_SAMPLES;
const SHOTS = 'tmp-period';

test.setTimeout(240_000);

/** The demo recon has run once (loaded by the demo job), unless an earlier journey ran it. */
async function demoHasRun(page: Page) {
  const recons = await api<{ data: { id: number }[] }>(page, 'GET', '/v2/transactions?Find=Recons');
  const reconId = recons.data[0]?.id;
  const periods = await api<{ latestRun: unknown }>(page, 'GET', `/v2/transactions?Find=Periods&reconId=${reconId}`);
  if (!periods.latestRun) await uploadSamplesAndRunJob(page, JOB, SAMPLES);
}

const presets = (page: Page) => page.getByRole('radiogroup', { name: 'Period' });
const preset = (page: Page, name: string) => presets(page).getByRole('radio', { name });
/** The period's days as the range picker shows them. */
async function shownRange(page: Page): Promise<[string, string]> {
  const inputs = page.locator('.ant-picker-range input');
  return [await inputs.nth(0).inputValue(), await inputs.nth(1).inputValue()];
}
/** This month's first and last day as the picker shows them (DD-MM-YYYY). */
function thisMonthShown(): [string, string] {
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const last = new Date(now.getFullYear(), now.getMonth() + 1, 0).getDate();
  return [`01-${month}-${now.getFullYear()}`, `${last}-${month}-${now.getFullYear()}`];
}

/** The row counts on the side A and side B tabs. */
const sideCounts = (page: Page) => page.getByRole('tab').getByTitle(/^Rows in the period: [\d,]+$/);

async function openTab(page: Page, entry: string, heading: string) {
  await openFromNav(page, 'Transactions', 'Recon', entry);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await settle(page);
}

/** Both viewports of the issue, for a person to look at. */
async function shots(page: Page, name: string) {
  await shot(page, `${SHOTS}-${name}-1440`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, `${SHOTS}-${name}-1280`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('one period for the Recon section, presets for every tab, and landing on the module with data', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await switchModule(page, MODULE);
  await test.step('the demo recon has run', () => demoHasRun(page));

  let latestRun: [string, string] = ['', ''];
  await test.step('the reconciled tab opens on the latest run, with rows and both sides counted', async () => {
    await openTab(page, 'Reconciled', 'Reconciled');
    await expect(preset(page, 'Latest run')).toBeChecked();
    // Rows at once: no "Show the days up to …" to click first.
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Show the days up to / })).toHaveCount(0);
    await expect(sideCounts(page)).toHaveCount(2);
    latestRun = await shownRange(page);
    expect(latestRun[0]).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    await expect(page).toHaveURL(/[?&]period=latestRun/);
    await shots(page, '01-reconciled-latest-run');
  });

  await test.step('the unreconciled tab shows the same period with its own counts', async () => {
    await openTab(page, 'Unreconciled', 'Unreconciled');
    await expect(preset(page, 'Latest run')).toBeChecked();
    await expect.poll(() => shownRange(page)).toEqual(latestRun);
    await expect(sideCounts(page)).toHaveCount(2);
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await shots(page, '02-unreconciled-same-period');
  });

  await test.step('a preset chosen in one tab is the period of every tab, and survives a reload', async () => {
    await presets(page).getByText('Whole file').click();
    await expect(preset(page, 'Whole file')).toBeChecked();
    await expect(page).toHaveURL(/[?&]period=wholeFile/);
    const wholeFile = await shownRange(page);
    await presets(page).getByText('This month').click();
    await expect(preset(page, 'This month')).toBeChecked();
    await expect(page).toHaveURL(/[?&]period=thisMonth/);
    const thisMonth = thisMonthShown();
    await expect.poll(() => shownRange(page)).toEqual(thisMonth);
    await expect(sideCounts(page)).toHaveCount(2);

    await openTab(page, 'All', 'All Transactions');
    await expect(preset(page, 'This month')).toBeChecked();
    await expect.poll(() => shownRange(page)).toEqual(thisMonth);
    await page.reload();
    await expect(preset(page, 'This month')).toBeChecked();
    await expect.poll(() => shownRange(page)).toEqual(thisMonth);
    await shots(page, '03-all-this-month');

    await presets(page).getByText('Whole file').click();
    await expect(preset(page, 'Whole file')).toBeChecked();
    await expect.poll(() => shownRange(page)).toEqual(wholeFile);
    await openTab(page, 'Reconciled', 'Reconciled');
    await expect(preset(page, 'Whole file')).toBeChecked();
    await expect.poll(() => shownRange(page)).toEqual(wholeFile);
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
  });

  await test.step('after looking at the empty module and signing out, sign-in lands on the module with data', async () => {
    await switchModule(page, EMPTY_MODULE);
    await signOut(page);
    await signIn(page, 'admin');
    await expect(productSwitcher(page)).toContainText(MODULE);
    await shot(page, `${SHOTS}-04-after-sign-in-1440`);
  });
});
