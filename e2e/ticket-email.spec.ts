import { expect, type Page, test } from '@playwright/test';
import { startOAuthProvider } from '../apps/server/src/testing/oauth-provider.ts';
import { E2E_OAUTH_CLIENT, E2E_OAUTH_PORT } from './env.ts';
import { dismissToasts, openFromNav, saveAndExpectToast, settle, shot, signIn, switchModule } from './helpers.ts';

/**
 * Issue 14 (ticket e-mail threads, decision 0030): with the module's Gmail connected (the local provider fake), an
 * admin raises a ticket for an outside e-mail, sends it to the externals, a reply lands in the mailbox, "Check for
 * replies" brings it into the ticket's thread, and the admin answers in the thread.
 */

const MODULE = 'Payments Gateway Recon';
const MAILBOX = 'tickets@payments.example';
const OUTSIDE = 'ops@partner.example';
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;

test.setTimeout(180_000);

async function shots(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await shot(page, `tmp-email-${name}-${size.width}`);
  }
  await page.setViewportSize(SIZES[0]);
}

test('a ticket is mailed to its outside people and their reply appears in its thread', async ({ page }) => {
  // The server's gmail addresses point here (playwright.config.ts).
  const provider = await startOAuthProvider({ ...E2E_OAUTH_CLIENT, port: E2E_OAUTH_PORT, email: MAILBOX });
  try {
    await page.setViewportSize(SIZES[0]);
    await signIn(page, 'admin');
    await switchModule(page, MODULE);
    const title = `Refund not received ${Date.now()}`;

    await test.step("connects the module's Gmail", async () => {
      await page.goto('/settings/integrations/o-auth');
      const popupOpened = page.waitForEvent('popup');
      await page.getByRole('button', { name: 'Connect Gmail' }).click();
      await (await popupOpened).waitForEvent('close');
      await expect(page.getByRole('row', { name: new RegExp(MAILBOX) })).toContainText('Connected');
      await dismissToasts(page);
    });

    await test.step('raises a ticket assigned to an outside e-mail', async () => {
      await openFromNav(page, 'My Jobs', 'Tickets', 'Internal');
      await page.getByRole('button', { name: 'New Ticket' }).click();
      const modal = page.getByRole('dialog', { name: 'New ticket' });
      await modal.getByLabel('Title').fill(title);
      await modal.getByRole('combobox', { name: 'Assigned to' }).fill(`${OUTSIDE},`);
      await expect(modal.locator('.ant-select-selection-item-content', { hasText: OUTSIDE })).toBeVisible();
      await modal.getByLabel('Description').fill('Customer refund of 1,250.00 for order 88123 not credited.');
      await saveAndExpectToast(page, modal.getByRole('button', { name: 'Create' }), 'Successfully Created');
    });

    const drawer = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Download' }) });
    const thread = drawer.getByRole('region', { name: 'E-mail' });
    let messageId = '';
    await test.step('sends it to the externals through Gmail', async () => {
      await drawer.getByRole('tab', { name: 'E-mail' }).click();
      await expect(thread.getByText('No mail yet.', { exact: false })).toBeVisible();
      await saveAndExpectToast(page, drawer.getByRole('button', { name: 'Send to externals' }), 'Mail sent');
      await expect(thread.getByText(`To ${OUTSIDE}`)).toBeVisible();
      await expect(thread.getByText(new RegExp(`^\\[Ticket #\\d+\\] ${title}$`))).toBeVisible();
      const raw = provider.state.sent.at(-1)?.raw ?? '';
      messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '';
      expect(messageId).not.toBe('');
      expect(raw).toMatch(new RegExp(`^To: ${OUTSIDE}`, 'm'));
    });

    await test.step('their reply, now in the mailbox, appears after "Check for replies"', async () => {
      provider.state.messages.push({
        id: `reply-${Date.now()}`,
        from: `Partner Ops <${OUTSIDE}>`,
        subject: `Re: ${title}`,
        messageId: `<reply-${Date.now()}@partner.example>`,
        inReplyTo: messageId,
        references: [messageId],
        html: '<p>We credited the refund today, UTR <b>HDFC00912</b>.</p>',
        attachments: [],
      });
      await saveAndExpectToast(page, drawer.getByRole('button', { name: 'Check for replies' }), '1 reply came in');
      await expect(thread.getByText('We credited the refund today, UTR HDFC00912.')).toBeVisible();
      await expect(thread.getByText(`Partner Ops <${OUTSIDE}>`)).toBeVisible();
      await saveAndExpectToast(page, drawer.getByRole('button', { name: 'Check for replies' }), 'No new replies');
      await expect(thread.getByText('We credited the refund today, UTR HDFC00912.')).toHaveCount(1);
    });

    await test.step('answers in the thread', async () => {
      await drawer.getByLabel('Reply in the thread').fill('Thank you, closing the ticket.');
      await saveAndExpectToast(page, drawer.getByRole('button', { name: 'Send reply' }), 'Mail sent');
      await expect(thread.getByText('Thank you, closing the ticket.')).toBeVisible();
      const raw = provider.state.sent.at(-1)?.raw ?? '';
      expect(raw).toMatch(/^In-Reply-To: <reply-\d+@partner\.example>/m);
      await settle(page);
      await shots(page, 'thread');
    });

    await test.step("disconnects the module's Gmail again", async () => {
      await drawer.getByRole('button', { name: 'Close', exact: true }).click();
      await page.goto('/settings/integrations/o-auth');
      const row = page.getByRole('row', { name: new RegExp(MAILBOX) });
      await row.getByRole('button', { name: /Disconnect/ }).click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /Disconnect/ })
        .click();
      await expect(row).toContainText('Disconnected');
    });
  } finally {
    await provider.close();
  }
});
