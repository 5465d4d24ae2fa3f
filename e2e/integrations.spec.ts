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
 * Issue 13 (integrations): an admin connects an authenticator, adds a brand login that uses it, writes an email
 * parsing rule and a tag mapping, in Settings › Integrations. Secrets go in once and never come back: not in any
 * answer the browser receives, not on the screen — only a mask and a blank "replace" input.
 */

const MODULE = 'Payments Gateway Recon';
const SEED = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const PASSWORD = 'Fl1pkart-Seller!Pass';
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;

test.setTimeout(180_000);

/** Screenshots of the page at both sizes the team checks (kept out of git: tmp-*). */
async function shots(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await shot(page, `tmp-integrations-${name}-${size.width}`);
  }
  await page.setViewportSize(SIZES[0]);
}

/** Every answer of the config calls this page receives, to prove no secret is ever in one. */
function recordAnswers(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', async (res) => {
    if (/\/web\/v2\/(totpconfig|botconfig|emailParsingConfig|tagMapping)/.test(res.url()))
      bodies.push(await res.text().catch(() => ''));
  });
  return bodies;
}

test('an admin configures the integrations of a module, and the secrets never come back', async ({ page }) => {
  const answers = recordAnswers(page);
  await signIn(page, 'admin');
  await switchModule(page, MODULE);

  await test.step('connects an authenticator (TOTP) with its secret key', async () => {
    await openFromNav(page, 'Settings', 'Integrations', 'Connected Apps');
    await expect(page.getByRole('heading', { name: 'Connected Apps' })).toBeVisible();
    await page.getByRole('button', { name: 'Connect Authenticator' }).click();
    const modal = page.getByRole('dialog', { name: 'Connect Authenticator' });
    await modal.getByRole('textbox', { name: /^(\* )?Name$/ }).fill('Flipkart seller 2FA');
    await modal.getByRole('textbox', { name: /^(\* )?Issuer$/ }).fill('Flipkart');
    await modal.getByRole('textbox', { name: /^(\* )?Account$/ }).fill('seller-ops@shop.example');
    await modal.getByLabel(/^(\* )?Secret key$/).fill('not a key');
    await modal.getByRole('button', { name: 'Create' }).click();
    await expect(modal.getByText(/^Secret key must be base32/)).toBeVisible();
    await modal.getByLabel(/^(\* )?Secret key$/).fill(SEED.toLowerCase());
    await saveAndExpectToast(page, modal.getByRole('button', { name: 'Create' }), 'Successfully Created');
    const row = page.locator('.ant-table-row', { hasText: 'Flipkart seller 2FA' });
    await expect(row).toContainText('6 digits every 30 s (SHA1)');
    await expect(row.getByLabel(/^(\* )?Stored$/)).toBeVisible();
    await expect(page.getByText(SEED)).toHaveCount(0);
    await shots(page, '01-connected-apps');
    await row.getByRole('button', { name: 'Edit Flipkart seller 2FA' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Flipkart seller 2FA' });
    await expect(edit.getByLabel(/^(\* )?Replace Secret key$/)).toHaveValue('');
    await settle(page);
    await shots(page, '02-connected-apps-edit');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();
  });

  await test.step('adds a brand login that signs in with that authenticator', async () => {
    await openFromNav(page, 'Settings', 'Integrations', 'Brand Login');
    await page.getByRole('button', { name: 'Add Brand Login' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Brand Login' });
    await modal.getByRole('textbox', { name: /^(\* )?Name$/ }).fill('Flipkart seller account');
    await choose(page, modal.getByRole('combobox', { name: /^(\* )?Brand$/ }), 'Flipkart');
    await modal.getByRole('textbox', { name: /^(\* )?User name$/ }).fill('seller-ops@shop.example');
    await modal.getByLabel(/^(\* )?Password$/).fill(PASSWORD);
    await choose(page, modal.getByRole('combobox', { name: /^(\* )?Authenticator$/ }), 'Flipkart seller 2FA');
    await saveAndExpectToast(page, modal.getByRole('button', { name: 'Create' }), 'Successfully Created');
    const row = page.locator('.ant-table-row', { hasText: 'Flipkart seller account' });
    await expect(row).toContainText('Flipkart seller 2FA');
    await expect(row.getByLabel(/^(\* )?Stored$/)).toBeVisible();
    await shots(page, '03-brand-login');
    await row.getByRole('button', { name: 'Edit Flipkart seller account' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Edit Flipkart seller account' }).getByLabel(/^(\* )?Replace Password$/),
    ).toHaveValue('');
    await shots(page, '04-brand-login-edit');
    // On a 1280×720 screen the form's buttons are in view without scrolling the page.
    await page.setViewportSize(SIZES[1]);
    const edit = page.getByRole('dialog', { name: 'Edit Flipkart seller account' });
    await expect(edit.getByRole('button', { name: 'Update' })).toBeInViewport();
    await expect(edit.getByRole('button', { name: 'Cancel' })).toBeInViewport();
    await page.setViewportSize(SIZES[0]);
    await page
      .getByRole('dialog', { name: 'Edit Flipkart seller account' })
      .getByRole('button', { name: 'Cancel' })
      .click();
  });

  await test.step('writes an email parsing rule onto a pipeline of the module', async () => {
    await openFromNav(page, 'Settings', 'Integrations', 'Email Parsing Config');
    await page.getByRole('button', { name: 'Create Rule' }).click();
    const modal = page.getByRole('dialog', { name: 'Create Rule' });
    await modal.getByRole('textbox', { name: /^(\* )?Name$/ }).fill('Gateway settlement mail');
    await modal.getByRole('textbox', { name: /^(\* )?Sender email$/ }).fill('settlements at gateway');
    await modal.getByRole('textbox', { name: /^(\* )?Subject pattern$/ }).click();
    await expect(modal.getByText('Invalid Email')).toBeVisible();
    await modal.getByRole('textbox', { name: /^(\* )?Sender email$/ }).fill('*@gateway.example');
    await modal.getByRole('textbox', { name: /^(\* )?Subject pattern$/ }).fill('Settlement report *');
    await modal.getByRole('textbox', { name: /^(\* )?Attachment pattern$/ }).fill('settlement_*.csv');
    const pipeline = modal.getByRole('combobox', { name: /^(\* )?Target pipeline$/ });
    await pipeline.click();
    const first = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first();
    const pipelineName = (await first.textContent()) ?? '';
    await first.click();
    await saveAndExpectToast(page, modal.getByRole('button', { name: 'Create' }), 'Successfully Created');
    const row = page.locator('.ant-table-row', { hasText: 'Gateway settlement mail' });
    await expect(row).toContainText(pipelineName);
    await expect(row).toContainText('Active');
    await shots(page, '05-email-parsing');
  });

  await test.step('maps a tag, then deletes the mapping after the confirmation', async () => {
    await openFromNav(page, 'Settings', 'Integrations', 'Tag Mapping');
    await page.getByRole('button', { name: 'Add Tag Mapping' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Tag Mapping' });
    await modal.getByRole('textbox', { name: /^(\* )?Tag$/ }).fill('Payment Delayed');
    await modal.getByRole('textbox', { name: /^(\* )?Ticket tag$/ }).fill('Urgent');
    await saveAndExpectToast(page, modal.getByRole('button', { name: 'Create' }), 'Successfully Created');
    const row = page.locator('.ant-table-row', { hasText: 'Payment Delayed' });
    await expect(row).toContainText('All brands');
    await shots(page, '06-tag-mapping');
    await row.getByRole('button', { name: 'Delete Payment Delayed' }).click();
    await expect(page.getByText('Delete "Payment Delayed"?')).toBeVisible();
    await dismissToasts(page);
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await expect(page.locator('.ant-notification-notice-title', { hasText: 'Successfully Deleted' })).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  await test.step('the app directory counts the module’s brand logins', async () => {
    await openFromNav(page, 'Settings', 'Integrations', 'App Directory');
    const flipkart = page.locator('.ant-card', { hasText: 'Flipkart' });
    await expect(flipkart).toContainText('1 brand login');
    await shots(page, '07-app-directory');
  });

  expect(answers.length).toBeGreaterThan(5);
  for (const body of answers) {
    expect(body).not.toContain(SEED);
    expect(body).not.toContain(PASSWORD);
    expect(body).not.toContain('enc1:');
  }
});
