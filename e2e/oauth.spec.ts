import { expect, type Page, test } from '@playwright/test';
import { startOAuthProvider } from '../apps/server/src/testing/oauth-provider.ts';
import { E2E_OAUTH_CLIENT, E2E_OAUTH_PORT } from './env.ts';
import { shot, signIn } from './helpers.ts';

const MAILBOX = 'settlements@payments.example';

// Screenshots at two sizes on a shared machine: more than the default minute.
test.setTimeout(150_000);

/** Both sizes a finance user works at. */
async function shots(page: Page, name: string) {
  const size = page.viewportSize();
  await shot(page, `tmp-oauth-${name}-1440`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, `tmp-oauth-${name}-1280`);
  if (size) await page.setViewportSize(size);
}

test('an admin connects a Gmail account through the provider popup, sees it connected, and disconnects it', async ({
  page,
}) => {
  // The server's gmail addresses point here (playwright.config.ts).
  const provider = await startOAuthProvider({ ...E2E_OAUTH_CLIENT, port: E2E_OAUTH_PORT, email: MAILBOX });
  try {
    await signIn(page, 'admin');
    await page.goto('/settings/integrations/o-auth');
    await expect(page.getByRole('heading', { name: 'OAuth' })).toBeVisible();
    await expect(page.getByText('No mail account connected yet.')).toBeVisible();
    await expect(page.getByText('No payment gateway linked yet.')).toBeVisible();
    await shots(page, 'empty');

    // The provider's popup: it signs the user in at once and sends them back to /oauth/gmail, which hands the code to
    // this page and closes.
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Connect Gmail' }).click();
    const popup = await popupOpened;
    await popup.waitForEvent('close');
    await expect(page.getByText('Account connected', { exact: true })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(MAILBOX) });
    await expect(row).toContainText('Gmail');
    await expect(row).toContainText('Connected');
    await expect(row).toContainText('connected by admin');
    expect(provider.state.tokenRequests.map((r) => r.grant_type)).toEqual(['authorization_code']);
    // No token reaches the page.
    const html = await page.content();
    for (const token of provider.state.issued) expect(html).not.toContain(token);
    await shots(page, 'connected');

    await page.getByRole('button', { name: /Link with API key/ }).click();
    await expect(page.getByRole('dialog')).toContainText('Link Razorpay with an API key');
    await shots(page, 'api-key');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: /Disconnect/ }).click();
    await expect(page.getByText(`Disconnect ${MAILBOX}?`, { exact: false })).toBeVisible();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /Disconnect/ })
      .click();
    await expect(page.getByText('Account disconnected', { exact: true })).toBeVisible();
    await expect(row).toContainText('Disconnected');
    await expect(row.getByRole('button', { name: /Reconnect/ })).toBeVisible();
    expect(provider.state.revoked.length).toBe(1);
    await shots(page, 'disconnected');
  } finally {
    await provider.close();
  }
});
