import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_MODULE, reconciledDemo } from './demo-recon.ts';
import { choose, openFromNav, saveAndExpectToast, shot, signIn, switchModule } from './helpers.ts';

/**
 * Issue 15's bank reconciliation statement in the browser: a BRS configuration made in Reports › BRS Report over the
 * demo recon (the bank statement against the gateway settlement as the books), the statement as on today with a
 * group opened on its items, its export listed on BRS Report Downloads. Screens at 1440×900 and 1280×720. Named to
 * run near the end, before the GL journey: it loads the demo recon, which the reconciliation and rollback journeys need
 * empty.
 */

test.setTimeout(240_000);

const BRS_NAME = `Demo BRS ${Date.now().toString(36)}`;

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, `tmp-brs-${name}-1440`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, `tmp-brs-${name}-1280`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

const sideCard = (drawer: Locator, title: string) =>
  drawer.locator('.ant-card').filter({ has: drawer.page().locator('.ant-card-head-title', { hasText: title }) });

test('builds a BRS configuration, reads the statement with a group drill-down, and exports it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  await switchModule(page, DEMO_MODULE);
  await test.step('the demo recon has run', () => reconciledDemo(page));

  await test.step('a BRS configuration: the bank statement against the gateway settlement', async () => {
    await openFromNav(page, 'Reports', 'BRS Report');
    await expect(page.getByRole('heading', { name: 'BRS Report' })).toBeVisible();
    await page.getByRole('button', { name: 'New configuration' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'New BRS configuration' });
    await drawer.getByLabel('Name').fill(BRS_NAME);
    const books = sideCard(drawer, 'Books (cash book / ledger)');
    await choose(page, books.getByLabel('Data source'), 'Gateway Settlement (Bank vs Gateway Settlement)');
    await choose(page, books.getByLabel('Amount column'), 'net_amount');
    await choose(page, books.getByLabel('Narration column'), 'order_id');
    const bank = sideCard(drawer, 'Bank statement');
    await choose(page, bank.getByLabel('Data source'), 'Bank Statement (Bank vs Gateway Settlement)');
    await choose(page, bank.getByLabel('Amount column'), 'amount');
    await choose(page, bank.getByLabel('Dr/Cr column'), 'debit_credit');
    await choose(page, bank.getByLabel('Narration column'), 'narration');
    await choose(page, bank.getByLabel('Cheque / instrument column'), 'utr');
    await choose(page, bank.getByLabel('Balance column'), 'balance');
    await drawer.getByRole('button', { name: 'Add rule' }).click();
    await drawer.getByLabel('Narration pattern').fill('*CHARGES*');
    await shots(page, '01-editor');
    await saveAndExpectToast(page, drawer.getByRole('button', { name: 'Save' }), 'Successfully Created');
    await expect(drawer).toBeHidden();
  });

  await test.step('the statement as on today, a group opened on its items', async () => {
    await expect(page.getByText(/^Balance as per books \(Gateway Settlement\)$/)).toBeVisible();
    await expect(page.getByText('Difference not explained')).toBeVisible();
    await expect(page.getByText(/^(Reconciled|Not reconciled)/)).toBeVisible();
    await shots(page, '02-statement');
    const group = page.locator('.ant-table-row', { hasText: 'Interest / direct credits in bank not in books' });
    await group.getByRole('button', { name: /expand/i }).click();
    await expect(page.getByText(/^Interest \/ direct credits in bank not in books: \d+ open items$/)).toBeVisible();
    await expect(page.locator('.ant-table-small .ant-table-row').first()).toBeVisible();
    await shots(page, '03-drill-down');
  });

  await test.step('the export, listed on BRS Report Downloads', async () => {
    await page.getByRole('button', { name: 'download Download', exact: true }).hover();
    await page.getByRole('menuitem', { name: 'Statement (XLSX)' }).click();
    await expect(page.getByText('Export requested: it will be listed under Downloads when ready')).toBeVisible();
    await page.goto('/downloads/brs-report-downloads');
    await expect(page.getByRole('heading', { name: 'BRS Report Downloads' })).toBeVisible();
    await expect(page.getByRole('cell', { name: /BRS/ }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Ready' }).first()).toBeVisible({ timeout: 30_000 });
    await shots(page, '04-downloads');
  });
});
