import { expect, type Page, test } from '@playwright/test';
import { DEMO_JOB, DEMO_MODULE, DEMO_SAMPLES } from './demo-recon.ts';
import { choose, openFromNav, shot, showRows, signIn, switchModule, uploadSamplesAndRunJob } from './helpers.ts';

/**
 * Issue 12's daily-use proof (workflow parts): after the demo job's run, a global-search hit opens its row on its
 * recon tab with its match; the match workbench's difference is neutral before anything is ticked; the knock-off
 * dialog repeats the count and the amount; the run is rolled back with a reason, its activities then read
 * "Rolled back" and the audit log keeps the reason. Screenshots at 1440×900 and 1280×720.
 */

const MODULE = DEMO_MODULE;
const JOB = DEMO_JOB;
const SAMPLES = DEMO_SAMPLES;
const REASON = 'Wrong day’s bank statement loaded (browser journey)';
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;

test.setTimeout(240_000);

/** The page as it is, at both window sizes (the window is put back to 1440×900 after). */
async function shots(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await shot(page, `tmp-workflow-${name}-${size.width}`);
  }
  await page.setViewportSize(SIZES[0]);
}

test('a day of work: search hit, match, knock off, rollback with a reason', async ({ page }) => {
  await signIn(page, 'admin');
  await switchModule(page, MODULE);

  await test.step('the demo job loads both samples and reconciles them', () =>
    uploadSamplesAndRunJob(page, JOB, SAMPLES));

  await test.step('a global-search hit opens its row on its recon tab, with its match', async () => {
    await openFromNav(page, 'Transactions', 'Global Search');
    await page.getByLabel('Reference').fill('BNK0000002');
    await page.getByRole('button', { name: 'Search' }).click();
    const hit = page.locator('.ant-table-row').filter({ hasText: 'BNK0000002' }).first();
    await expect(hit).toBeVisible({ timeout: 20_000 });
    await shots(page, '01-search');
    await hit.click();
    await expect(page).toHaveURL(/\/transactions\/recon\/[a-z-]+\?reconId=\d+&dataSourceId=\d+&rowId=\d+$/);
    const drawer = page.getByRole('dialog', { name: /· row \d+/ });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('BNK0000002').first()).toBeVisible();
    await shots(page, '02-search-hit-opened');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    // Closing forgets the row: the address is the tab's own again (with the section's period).
    await expect(page).toHaveURL(/\/transactions\/recon\/[a-z-]+(\?period=[a-zA-Z]+)?$/);
  });

  await test.step('the match workbench: Difference ₹0.00 is neutral before anything is ticked', async () => {
    await openFromNav(page, 'Transactions', 'Recon', 'Unreconciled');
    await expect(page.getByRole('heading', { name: 'Unreconciled' })).toBeVisible();
    await showRows(page);
    await page.getByText('Match by hand', { exact: true }).click();
    const bar = page.getByRole('region', { name: 'Rows to match' });
    const difference = bar.getByText(/^Difference /);
    await expect(difference).toHaveText('Difference ₹0.00');
    await expect(difference).not.toHaveClass(/ant-typography-success/);
    await expect(difference).toHaveClass(/ant-typography-secondary/);
    await shots(page, '03-match-nothing-ticked');
    await page.getByText('List', { exact: true }).click();
  });

  await test.step('the knock-off dialog repeats the count and the amount', async () => {
    await showRows(page);
    const rows = page.locator('.ant-table-row');
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    const selected = page.getByText(/^2 rows selected · .+ ₹[\d,]+\.\d{2}$/);
    await expect(selected).toBeVisible();
    const total = /₹[\d,]+\.\d{2}$/.exec((await selected.textContent()) ?? '')?.[0] ?? '';
    await page.getByRole('button', { name: 'Knock off' }).click();
    const modal = page.getByRole('dialog', { name: 'Knock off 2 rows' });
    await expect(modal.getByRole('row', { name: /^Rows 2$/ })).toBeVisible();
    await expect(
      modal.getByRole('row', { name: new RegExp(`^Total .+ ${total.replace(/[.$]/g, '\\$&')}$`) }),
    ).toBeVisible();
    await expect(modal.getByRole('row', { name: /^Recon .+ › Unreconciled$/ })).toBeVisible();
    await expect(modal.getByRole('row', { name: /^Side A · / })).toBeVisible();
    await shots(page, '04-knock-off-dialog');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
  });

  await test.step('the run is rolled back with a reason; its activities read Rolled back', async () => {
    await openFromNav(page, 'Operations', 'History', 'Execution History');
    await page.locator('.ant-table-row').first().getByRole('button', { name: JOB }).click();
    const drawer = page.getByRole('dialog', { name: new RegExp(`^${JOB} Run #\\d+ `) });
    await expect(drawer).toHaveAccessibleName(/ (Completed|Partially Completed)$/);
    await drawer.getByRole('button', { name: 'Rollback' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: /Roll back run #\d+ of/ });
    await expect(modal.getByRole('heading', { name: 'Recon runs undone' })).toBeVisible();
    // Without a reason nothing is asked: the dialog says what is missing.
    await modal.getByRole('button', { name: 'Roll back' }).click();
    await expect(modal.getByText('Say why this run is rolled back: the reason is kept in the audit log')).toBeVisible();
    await shots(page, '05-rollback-reason-missing');
    await modal.getByLabel('Reason for the rollback').fill(REASON);
    await modal.getByRole('button', { name: 'Roll back' }).click();
    await expect(page.getByText('Rollback requested: it runs in the background')).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(drawer).toHaveAccessibleName(/ Rollback$/, { timeout: 60_000 });
    const statuses = drawer
      .locator('.ant-table-row')
      .locator('.ant-tag')
      .filter({ hasText: /^(Rolled back|Completed|Partially Completed)$/ });
    await expect(statuses.filter({ hasText: 'Rolled back' }).first()).toBeVisible();
    await expect(statuses.filter({ hasText: /^(Completed|Partially Completed)$/ })).toHaveCount(0);
    await shots(page, '06-run-rolled-back');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  await test.step('the audit log keeps the reason of the rollback', async () => {
    await openFromNav(page, 'Settings', 'Audit Logs');
    await choose(page, page.getByRole('combobox', { name: 'Event' }), 'Rollback Requested');
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.locator('.ant-table-row').filter({ hasText: 'Rollback Requested' }).first();
    await expect(row).toBeVisible();
    await expect(row.getByText('admin')).toBeVisible();
    await row.getByRole('button', { name: /expand/i }).click();
    await expect(page.getByRole('row', { name: `reason ${REASON}`, exact: true })).toBeVisible();
    await shots(page, '07-audit-reason');
  });
});
