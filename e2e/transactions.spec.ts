import { expect, type Page, test } from '@playwright/test';
import {
  choose,
  openFromNav,
  shot,
  showRows,
  signIn,
  storedUser,
  switchModule,
  uploadSamplesAndRunJob,
} from './helpers.ts';

/**
 * Issue 4's Transactions proof: the demo recon's rows after a run — the reconciled tab with a group opened side
 * by side and explained, the unreconciled tab where an open row is knocked off with a reason, which the knock-off
 * tab then lists.
 */

const MODULE = 'Payments Gateway Recon';
const RECON = 'Bank vs Gateway Settlement';
const JOB = 'Daily Bank and Gateway Load';
const SAMPLES = ['demo/samples/bank_statement.csv', 'demo/samples/pg_settlement.csv'];
const REASON = 'Bank charge booked to expenses (browser journey)';

test.setTimeout(180_000);

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const user = await storedUser(page);
  const moduleId = await page.evaluate(() => localStorage.getItem('selectedModuleId') ?? '');
  const res = await page.request.fetch(`/web${path}`, {
    method,
    headers: { authorization: `Bearer ${user.authToken}`, 'x-user-id': String(user.id), 'x-module-id': moduleId },
    data: body,
  });
  expect(res.ok(), `${method} ${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** Rows of the demo recon, reconciled: the samples loaded and matched by the demo job, or a recon run on rows there. */
async function reconciledDemo(page: Page) {
  const recons = await api<{ data: { id: number; name: string; dataSources: { id: number; side: string }[] }[] }>(
    page,
    'GET',
    '/v2/transactions?Find=Recons',
  );
  const recon = recons.data.find((r) => r.name === RECON);
  const sideA = recon?.dataSources.find((d) => d.side === 'A');
  if (!recon || !sideA) throw new Error(`the demo recon ${RECON} with its side A is missing`);
  const all = await api<{ recordsTotal: number }>(
    page,
    'GET',
    `/v2/transactions?Find=ByTab&tab=all&reconId=${recon.id}&dataSourceId=${sideA.id}&length=1`,
  );
  if (all.recordsTotal === 0) {
    // Nothing loaded yet (this journey alone): the demo job loads both samples and runs the recon.
    await uploadSamplesAndRunJob(page, JOB, SAMPLES);
    return;
  }
  // Rows loaded by earlier journeys: the recon runs on the open ones.
  const run = await api<{ id: number }>(page, 'POST', '/v2/reconruns', { reconId: recon.id, dryRun: false });
  await expect
    .poll(async () => (await api<{ status: string }>(page, 'GET', `/v2/reconruns/${run.id}`)).status, {
      timeout: 60_000,
    })
    .toBe('COMPLETED');
}

test('works the demo recon: a group side by side, an explanation, a knock off', async ({ page }) => {
  await signIn(page, 'admin');
  await switchModule(page, MODULE);
  await test.step('the demo recon has run', () => reconciledDemo(page));

  await test.step('reconciled rows, one opened with its group and why it matched', async () => {
    await openFromNav(page, 'Transactions', 'Recon', 'Reconciled');
    await expect(page.getByRole('heading', { name: 'Reconciled' })).toBeVisible();
    await showRows(page);
    await expect(page.locator('.ant-table-row').first().locator('.ant-tag')).toHaveText(
      /Reconciled|Relax match|Proposed match|Partial reconciled/,
    );
    await shot(page, 'transactions-01-reconciled');
    await page
      .locator('.ant-table-row')
      .first()
      .getByRole('button', { name: /^Open row \d+$/ })
      .click();
    const drawer = page.getByRole('dialog', { name: /· row \d+ · group \d+$/ });
    await expect(drawer.getByText(/^Side A · .* \(\d+ rows?\)$/)).toBeVisible();
    await expect(drawer.getByText(/^Side B · .* \(\d+ rows?\)$/)).toBeVisible();
    await shot(page, 'transactions-02-group');
    await drawer.getByRole('tab', { name: 'Why?' }).click();
    await expect(drawer.getByText(/^Matched by the rule ".+"$|^Closed by a person$/)).toBeVisible();
    await shot(page, 'transactions-03-why');
    await drawer.getByRole('button', { name: 'Close' }).click();
  });

  let reference = '';
  await test.step('an open row knocked off with a reason', async () => {
    await openFromNav(page, 'Transactions', 'Recon', 'Unreconciled');
    await expect(page.getByRole('heading', { name: 'Unreconciled' })).toBeVisible();
    await showRows(page);
    const row = page.locator('.ant-table-row').first();
    reference = (await row.locator('td').nth(2).textContent()) ?? '';
    await row.getByRole('checkbox').check();
    await expect(page.getByText(/^1 row selected/)).toBeVisible();
    await page.getByRole('button', { name: 'Knock off' }).click();
    const modal = page.getByRole('dialog', { name: 'Knock off 1 row' });
    await modal.getByLabel('Reason').fill(REASON);
    await shot(page, 'transactions-04-knock-off');
    await modal.getByRole('button', { name: 'Knock off 1 row' }).click();
    await expect(page.getByText('Rows knocked off')).toBeVisible();
    await expect(modal).toBeHidden();
  });

  await test.step('the knock-off tab lists it with the reason', async () => {
    await openFromNav(page, 'Transactions', 'Recon', 'Knock off');
    await expect(page.getByRole('heading', { name: 'Knocked Off' })).toBeVisible();
    // By loading day: the rows were loaded today, so the default range holds the row just knocked off.
    await choose(page, page.getByRole('combobox', { name: 'Date Column' }), 'Loaded At');
    await showRows(page);
    const row = page.locator('.ant-table-row').filter({ hasText: REASON });
    await expect(row.first()).toBeVisible();
    if (reference) await expect(row.first()).toContainText(reference);
    await expect(row.first()).toContainText('Knocked off · admin');
    await shot(page, 'transactions-05-knocked-off');
  });
});
