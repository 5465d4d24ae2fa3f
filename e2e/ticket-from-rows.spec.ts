import { expect, type Page, test } from '@playwright/test';
import { startOAuthProvider } from '../apps/server/src/testing/oauth-provider.ts';
import { DEMO_MODULE, reconciledDemo } from './demo-recon.ts';
import { E2E_OAUTH_CLIENT, E2E_OAUTH_PORT } from './env.ts';
import {
  cellUnder,
  choose,
  dismissToasts,
  openFromNav,
  saveAndExpectToast,
  settle,
  shot,
  showRows,
  signIn,
  switchModule,
} from './helpers.ts';

/**
 * Issue 14 (raise a ticket from rows, decision 0029; its e-mail thread, decision 0030): two open rows of the demo recon
 * get a ticket from the Unreconciled tab's selection bar, assigned to a user found by name and copied to the bank by
 * e-mail; the rows show it; the ticket lists them and takes a comment; it is mailed to the bank through the module's
 * Gmail (the local provider fake), the bank's reply comes back into its thread; it is closed with its rows knocked off
 * — the Knock off tab then lists them with the ticket as reason, and the ticket's history says so.
 */

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;
const REMARK = 'Bank confirmed both are its own charges';
const MAILBOX = 'recon-desk@payments.example';
const BANK = 'charges@bank.example';

test.setTimeout(240_000);

async function shots(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await settle(page);
    await shot(page, `tmp-raise-${name}-${size.width}`);
  }
  await page.setViewportSize(SIZES[0]);
}

let provider: Awaited<ReturnType<typeof startOAuthProvider>>;
test.beforeAll(async () => {
  // The server's gmail addresses point here (playwright.config.ts).
  provider = await startOAuthProvider({ ...E2E_OAUTH_CLIENT, port: E2E_OAUTH_PORT, email: MAILBOX });
});
test.afterAll(() => provider.close());

test('open rows → Raise ticket → assign → comment → e-mail reply → close with knock-off', async ({ page }) => {
  await page.setViewportSize(SIZES[0]);
  await signIn(page, 'admin');
  await switchModule(page, DEMO_MODULE);
  await test.step('the demo recon has run', () => reconciledDemo(page));

  await test.step("the module's Gmail is connected", async () => {
    await page.goto('/settings/integrations/o-auth');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Connect Gmail' }).click();
    await (await popupOpened).waitForEvent('close');
    await expect(page.getByRole('row', { name: new RegExp(MAILBOX) })).toContainText('Connected');
    await dismissToasts(page);
  });

  const references: string[] = [];
  await test.step('two open rows selected in the Unreconciled tab', async () => {
    await openFromNav(page, 'Transactions', 'Recon', 'Unreconciled');
    await expect(page.getByRole('heading', { name: 'Unreconciled' })).toBeVisible();
    await showRows(page);
    // Rows no ticket was raised on yet (a re-run of the journey leaves closed ones behind, knocked off).
    const rows = page.locator('.ant-table-row').filter({ hasNot: page.getByLabel(/^Ticket #/) });
    for (const i of [0, 1])
      references.push(((await (await cellUnder(rows.nth(i), 'Reference')).textContent()) ?? '').trim());
    for (const reference of references) {
      await page.locator('.ant-table-row', { hasText: reference }).first().getByRole('checkbox').check();
    }
    await expect(page.getByText(/^2 rows selected/)).toBeVisible();
  });

  let ticketId = '';
  await test.step('Raise ticket: the form comes filled from the tab and the rows; a user is found by name', async () => {
    await page.getByRole('button', { name: 'Raise ticket' }).click();
    const modal = page.getByRole('dialog', { name: 'New ticket' });
    await expect(modal.getByLabel('Title')).toHaveValue(
      new RegExp(`› Unreconciled · ${references[0]}, ${references[1]}$`),
    );
    await expect(modal.getByText('Raised on 2 selected rows: they stay linked to the ticket.')).toBeVisible();
    for (const reference of references) await expect(modal.getByText(reference, { exact: true })).toBeVisible();
    const assignees = modal.getByRole('combobox', { name: 'Assigned to' });
    // The list is redrawn when the server's matches for the name arrive: pick from it once they have.
    const matched = page.waitForResponse(
      (r) => r.url().includes('/v2/tickets/users') && r.url().includes('search=omar'),
    );
    await assignees.fill('omar');
    await matched;
    // Picked with the keyboard, as an operator who typed the name does: down to the user, then Enter.
    const omar = page.locator('.ant-select-dropdown:visible .ant-select-item-option', {
      hasText: 'Omar Operator (operator)',
    });
    await expect(omar).toBeVisible();
    for (let i = 0; i < 5 && !(await omar.getAttribute('class'))?.includes('ant-select-item-option-active'); i++) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(omar).toHaveClass(/ant-select-item-option-active/);
    await page.keyboard.press('Enter');
    await expect(modal.locator('.ant-select-selection-item-content', { hasText: 'Omar Operator' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await modal.getByRole('combobox', { name: 'Cc' }).fill(`${BANK},`);
    await expect(modal.locator('.ant-select-selection-item-content', { hasText: BANK })).toBeVisible();
    await shots(page, 'form');
    await saveAndExpectToast(page, modal.getByRole('button', { name: 'Create' }), 'Successfully Created');
    await expect(modal).toBeHidden();
  });

  await test.step('each row shows its ticket; the row opens it', async () => {
    const row = page.locator('.ant-table-row', { hasText: references[0] }).first();
    const badge = row.getByLabel(/^Ticket #\d+$/);
    await expect(badge).toBeVisible();
    ticketId = ((await badge.textContent()) ?? '').replace(/\D/g, '');
    await expect(
      page.locator('.ant-table-row', { hasText: references[1] }).first().getByLabel(`Ticket #${ticketId}`),
    ).toBeVisible();
    await dismissToasts(page);
    await shots(page, 'rows');
    await row.getByRole('button', { name: /^Open row \d+$/ }).click();
    const drawer = page.getByRole('dialog', { name: /· row \d+/ });
    await drawer.getByRole('button', { name: `Ticket #${ticketId}` }).click();
  });

  const drawer = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Download' }) });
  await test.step('the ticket lists its rows, is assigned to Omar, and takes a comment', async () => {
    await expect(drawer.getByText(`#${ticketId}`, { exact: false }).first()).toBeVisible();
    await expect(drawer.locator('.ant-descriptions .ant-tag', { hasText: 'Assigned' })).toBeVisible();
    await expect(drawer.locator('.ant-descriptions').getByText('operator')).toBeVisible();
    await drawer.getByRole('tab', { name: 'Linked rows (2)' }).click();
    const linked = drawer.getByRole('tabpanel', { name: 'Linked rows (2)' });
    for (const reference of references) await expect(linked.getByText(reference, { exact: true })).toBeVisible();
    await shots(page, 'linked-rows');
    await drawer.getByRole('tab', { name: /^Comments/ }).click();
    await drawer.getByPlaceholder('Write a comment').fill('Asked the bank whether these are its charges.');
    await saveAndExpectToast(page, drawer.getByRole('button', { name: 'Add comment' }), 'Comment added');
    // The box empties once the comment is kept; until then its text is the box's too.
    await expect(drawer.getByPlaceholder('Write a comment')).toHaveValue('');
    await expect(drawer.getByText('Asked the bank whether these are its charges.')).toBeVisible();
  });

  await test.step("the ticket is mailed to the bank; the bank's reply comes back into its thread", async () => {
    const thread = drawer.getByRole('region', { name: 'E-mail' });
    await drawer.getByRole('tab', { name: 'E-mail' }).click();
    await saveAndExpectToast(page, drawer.getByRole('button', { name: 'Send to externals' }), 'Mail sent');
    const raw = provider.state.sent.at(-1)?.raw ?? '';
    expect(raw).toMatch(new RegExp(`^To: ${BANK}`, 'm'));
    const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '';
    expect(messageId).not.toBe('');
    provider.state.messages.push({
      id: `bank-reply-${Date.now()}`,
      from: `Bank Charges Desk <${BANK}>`,
      subject: `Re: [Ticket #${ticketId}]`,
      messageId: `<bank-reply-${Date.now()}@bank.example>`,
      inReplyTo: messageId,
      references: [messageId],
      text: 'Both debits are our quarterly account charges.',
      attachments: [],
    });
    await saveAndExpectToast(page, drawer.getByRole('button', { name: 'Check for replies' }), '1 reply came in');
    await expect(thread.getByText('Both debits are our quarterly account charges.')).toBeVisible();
    await expect(thread.getByText(`Bank Charges Desk <${BANK}>`)).toBeVisible();
    await saveAndExpectToast(page, drawer.getByRole('button', { name: 'Check for replies' }), 'No new replies');
    await expect(thread.getByText('Both debits are our quarterly account charges.')).toHaveCount(1);
    await shots(page, 'email-reply');
  });

  await test.step('the answer goes back in the thread', async () => {
    await drawer.getByLabel('Reply in the thread').fill('Thank you, knocking both off.');
    await saveAndExpectToast(page, drawer.getByRole('button', { name: 'Send reply' }), 'Mail sent');
    await expect(
      drawer.getByRole('region', { name: 'E-mail' }).getByText('Thank you, knocking both off.'),
    ).toBeVisible();
    expect(provider.state.sent.at(-1)?.raw ?? '').toMatch(/^In-Reply-To: <bank-reply-\d+@bank\.example>/m);
  });

  await test.step('closing asks about the open rows; they are knocked off', async () => {
    await drawer.getByRole('button', { name: 'Close ticket' }).click();
    const close = page.getByRole('dialog', { name: /Close ticket #\d+\?/ });
    await expect(close.getByText(/2 linked rows are still open/)).toBeVisible();
    await expect(close.getByRole('radio', { name: 'Leave them open' })).toBeVisible();
    await close.getByRole('radio', { name: 'Knock off the linked rows' }).check();
    await close.getByLabel('Remark').fill(REMARK);
    await shots(page, 'close');
    await saveAndExpectToast(
      page,
      close.getByRole('button', { name: 'Close ticket' }),
      'Ticket closed and its open rows knocked off',
    );
    await expect(drawer.locator('.ant-descriptions .ant-tag', { hasText: 'Closed' })).toBeVisible();
  });

  await test.step('the history says the rows were knocked off', async () => {
    await drawer.getByRole('tab', { name: 'History' }).click();
    const history = drawer.getByRole('tabpanel', { name: 'History' });
    const knocked = history.getByRole('row').filter({ hasText: 'Rows knocked off' });
    await expect(knocked).toContainText(': 2 rows');
    await expect(knocked).toContainText(/Knock-off run #\d+/);
    await expect(history.getByText(REMARK)).toBeVisible();
    await shots(page, 'history');
    await drawer.getByRole('button', { name: 'Close', exact: true }).click();
  });

  await test.step('the Knock off tab lists the rows with the ticket as reason', async () => {
    await openFromNav(page, 'Transactions', 'Recon', 'Knock off');
    await expect(page.getByRole('heading', { name: 'Knocked Off' })).toBeVisible();
    await choose(page, page.getByRole('combobox', { name: 'Date Column' }), 'Loaded At');
    await showRows(page);
    for (const reference of references) {
      const row = page
        .locator('.ant-table-row', { hasText: reference })
        .filter({ hasText: `Ticket #${ticketId} closed` });
      await expect(row).toHaveCount(1);
      await expect(row.getByLabel(`Ticket #${ticketId}`)).toBeVisible();
    }
    await shots(page, 'knocked-off');
  });

  await test.step("the module's Gmail is disconnected again", async () => {
    await page.goto('/settings/integrations/o-auth');
    const row = page.getByRole('row', { name: new RegExp(MAILBOX) });
    await row.getByRole('button', { name: /Disconnect/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /Disconnect/ })
      .click();
    await expect(row).toContainText('Disconnected');
  });
});
