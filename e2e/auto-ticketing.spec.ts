import { expect, type Page, test } from '@playwright/test';
import {
  choose,
  dismissToasts,
  openFromNav,
  saveAndExpectToast,
  settle,
  shot,
  signIn,
  switchModule,
} from './helpers.ts';

/**
 * Issue 14 (auto-ticketing and SLA): an admin adds a brand login, opens a data source's Auto Ticketing drawer, sets
 * its columns and an assignee block for the brand (the last block cannot be deleted), creates, updates and deletes
 * the config with the spec's three texts; the tickets page shows the open tickets by age and narrows to the overdue
 * ones (decisions 0031, 0032).
 */

const MODULE = 'Payments Gateway Recon';
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;
const BRAND = `Amazon seller ${Date.now() % 100000}`;

test.setTimeout(240_000);

async function shots(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await shot(page, `tmp-autoticket-${name}-${size.width}`);
  }
  await page.setViewportSize(SIZES[0]);
}

test('a data source gets auto ticketing; the tickets page shows age and overdue', async ({ page }) => {
  await page.setViewportSize(SIZES[0]);
  await signIn(page, 'admin');
  await switchModule(page, MODULE);

  await test.step('a brand login of the module', async () => {
    await openFromNav(page, 'Settings', 'Integrations', 'Brand Login');
    await page.getByRole('button', { name: 'Add Brand Login' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Brand Login' });
    await modal.getByRole('textbox', { name: /^(\* )?Name$/ }).fill(BRAND);
    await choose(page, modal.getByRole('combobox', { name: /^(\* )?Brand$/ }), 'Amazon');
    await modal.getByRole('textbox', { name: /^(\* )?User name$/ }).fill('seller-ops@shop.example');
    await modal.getByLabel(/^(\* )?Password$/).fill('Amaz0n-Seller!Pass');
    await saveAndExpectToast(page, modal.getByRole('button', { name: 'Create' }), 'Successfully Created');
  });

  const drawer = page.getByRole('dialog').filter({ has: page.getByText('Assignees by marketplace brand') });
  await test.step('the Auto Ticketing drawer of a data source: created', async () => {
    await openFromNav(page, 'Operations', 'Configuration', 'Data Sources');
    await page.getByRole('link', { name: 'Bank Statement', exact: true }).first().click();
    await expect(page).toHaveURL(/\/view-data-source\/\d+$/);
    await page.getByRole('button', { name: 'Auto Ticketing' }).click();
    await expect(drawer.getByRole('switch', { name: 'Status' })).toBeChecked();
    await choose(page, drawer.getByRole('combobox', { name: 'Brand Column' }), 'narration');
    await choose(page, drawer.getByRole('combobox', { name: 'Partner Column' }), 'debit_credit');
    await choose(page, drawer.getByRole('combobox', { name: 'Order Id Column' }), 'reference');
    await drawer.getByRole('textbox', { name: 'Notify From Email' }).fill('recon@shop.example');
    await choose(page, drawer.getByRole('combobox', { name: 'Marketplace Brand' }), BRAND);
    const assignees = drawer.getByRole('combobox', { name: 'Assignees' });
    await assignees.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'admin' }).first().click();
    await drawer.getByRole('combobox', { name: 'CC' }).fill('not an email,');
    await expect(page.locator('.ant-notification-notice', { hasText: 'Invalid Email' })).toBeVisible();
    await dismissToasts(page);
    await drawer.getByRole('combobox', { name: 'CC' }).fill('brand-ops@shop.example,');
    // The only block cannot be deleted.
    await expect(drawer.getByRole('button', { name: 'Delete brand block' })).toBeDisabled();
    await settle(page);
    await shots(page, 'drawer-new');
    await saveAndExpectToast(
      page,
      drawer.getByRole('button', { name: 'Create', exact: true }),
      'Auto Ticketing Created Successfully!',
    );
  });

  await test.step('switched off and updated; Back closes it', async () => {
    await expect(drawer.getByRole('button', { name: 'Update', exact: true })).toBeVisible();
    await expect(drawer.getByText(/Last saved by admin/)).toBeVisible();
    await drawer.getByRole('switch', { name: 'Status' }).click();
    await saveAndExpectToast(
      page,
      drawer.getByRole('button', { name: 'Update', exact: true }),
      'Auto Ticketing Updated Successfully!',
    );
    await expect(drawer.getByRole('switch', { name: 'Status' })).not.toBeChecked();
    await settle(page);
    await shots(page, 'drawer-saved');
    await drawer.getByRole('button', { name: 'Back' }).click();
    await expect(drawer).toBeHidden();
  });

  await test.step('deleted after the confirmation', async () => {
    await page.getByRole('button', { name: 'Auto Ticketing' }).click();
    await expect(drawer.getByRole('button', { name: 'Update', exact: true })).toBeVisible();
    await drawer.getByRole('button', { name: /Delete$/ }).click();
    const confirm = page.getByRole('tooltip').filter({ hasText: 'Its tickets stay' });
    await saveAndExpectToast(
      page,
      confirm.getByRole('button', { name: 'Delete' }),
      'Auto Ticketing Deleted Successfully!',
    );
    await expect(drawer).toBeHidden();
  });

  await test.step('the tickets page: open tickets by age, and only the overdue ones on a click', async () => {
    await openFromNav(page, 'My Jobs', 'Tickets', 'Internal');
    await expect(page.getByText('Open tickets by age')).toBeVisible();
    await expect(page.getByText('Under 1 day')).toBeVisible();
    await shots(page, 'tickets');
    const overdue = page.getByRole('button', { name: /Overdue/ });
    const listed = page.waitForResponse((r) => /\/v2\/tickets\?.*overdue=true/.test(r.url()) && r.ok());
    await overdue.click();
    await listed;
    await expect(page.getByRole('button', { name: /showing only these/ })).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step("the module's SLA rule: escalate after 24 hours overdue, to admin", async () => {
    await page.getByRole('button', { name: /SLA rule/ }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: 'SLA rule of this product' });
    await expect(modal.getByRole('spinbutton', { name: 'Escalate after' })).toBeVisible();
    await modal.getByRole('spinbutton', { name: 'Escalate after' }).fill('24');
    await choose(page, modal.getByRole('combobox', { name: 'Escalate to' }), 'admin');
    await settle(page);
    await shots(page, 'sla-rule');
    await saveAndExpectToast(page, modal.getByRole('button', { name: 'Save' }), 'SLA rule saved');
    await expect(modal).toBeHidden();
  });
});
