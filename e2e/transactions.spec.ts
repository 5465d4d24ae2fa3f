import { expect, test } from '@playwright/test';
import { DEMO_MODULE, reconciledDemo } from './demo-recon.ts';
import { cellUnder, choose, openFromNav, shot, showRows, signIn, switchModule } from './helpers.ts';

/**
 * Issue 4's Transactions proof: the demo recon's rows after a run — the reconciled tab with a group opened side
 * by side and explained, the unreconciled tab where an open row is knocked off with a reason, which the knock-off
 * tab then lists.
 */

const MODULE = DEMO_MODULE;
const REASON = 'Bank charge booked to expenses (browser journey)';

test.setTimeout(180_000);

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
    reference = ((await (await cellUnder(row, 'Reference')).textContent()) ?? '').trim();
    expect(reference).toMatch(/^BNK\d{7}$/);
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
