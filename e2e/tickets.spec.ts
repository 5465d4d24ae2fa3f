import { expect, type Page, test } from '@playwright/test';
import { dismissToasts, openFromNav, saveAndExpectToast, settle, shot, signIn, switchModule } from './helpers.ts';

/**
 * Issue 14 (tickets core): an admin raises a ticket in My Jobs › Tickets › Internal, finds it by its title, comments
 * on it, puts it on hold, and closes it; the history shows every change with who and from → to, and a closed ticket
 * offers only Reopen (decision 0025).
 */

const MODULE = 'Payments Gateway Recon';
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;

test.setTimeout(180_000);

async function shots(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await shot(page, `tmp-tickets-${name}-${size.width}`);
  }
  await page.setViewportSize(SIZES[0]);
}

test('a ticket is raised, commented, put on hold and closed, with its history', async ({ page }) => {
  await page.setViewportSize(SIZES[0]);
  await signIn(page, 'admin');
  await switchModule(page, MODULE);
  const title = `Short settlement ${Date.now()}`;

  await test.step('raises a ticket assigned to me, with a cc by e-mail', async () => {
    await openFromNav(page, 'My Jobs', 'Tickets', 'Internal');
    await expect(page.getByRole('heading', { name: 'Internal Tickets' })).toBeVisible();
    await page.getByRole('button', { name: 'New Ticket' }).click();
    const modal = page.getByRole('dialog', { name: 'New ticket' });
    await modal.getByLabel('Title').fill(title);
    const assignees = modal.getByRole('combobox', { name: 'Assigned to' });
    await assignees.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '(me)' }).click();
    const cc = modal.getByRole('combobox', { name: 'Cc' });
    await cc.fill('not an email,');
    await expect(page.locator('.ant-notification-notice', { hasText: 'Invalid Email' })).toBeVisible();
    await dismissToasts(page);
    await cc.fill('ops@bank.example,');
    await expect(modal.locator('.ant-select-selection-item-content', { hasText: 'ops@bank.example' })).toBeVisible();
    await modal.getByLabel('Description').fill('Bank credited 9,800 of 10,000 for the 21 Nov settlement.');
    await settle(page);
    await shots(page, 'create');
    await saveAndExpectToast(page, modal.getByRole('button', { name: 'Create' }), 'Successfully Created');
  });

  const drawer = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Download' }) });
  await test.step('the ticket opens: assigned to me, due in 10 days', async () => {
    await expect(drawer.getByText(title)).toBeVisible();
    await expect(drawer.locator('.ant-tag', { hasText: 'Assigned' })).toBeVisible();
    await expect(drawer.getByText('ops@bank.example')).toBeVisible();
  });

  await test.step('comments on it', async () => {
    await drawer.getByPlaceholder('Write a comment').fill('Asked HDFC for the missing 200.');
    await saveAndExpectToast(page, drawer.getByRole('button', { name: 'Add comment' }), 'Comment added');
    // The box empties once the comment is kept; until then its text is the box's too.
    await expect(drawer.getByPlaceholder('Write a comment')).toHaveValue('');
    await expect(drawer.getByText('Asked HDFC for the missing 200.')).toBeVisible();
    await shots(page, 'drawer');
  });

  await test.step('puts it on hold, then closes it; a closed ticket offers only Reopen', async () => {
    await drawer.getByRole('button', { name: 'Change status' }).click();
    const change = page.getByRole('dialog', { name: /Change the status of ticket/ });
    await change.getByRole('combobox', { name: 'New status' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'On Hold' }).click();
    await change.getByRole('button', { name: 'Change status' }).click();
    await expect(drawer.locator('.ant-descriptions .ant-tag', { hasText: 'On Hold' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Close ticket' }).click();
    const close = page.getByRole('dialog', { name: /Close ticket #\d+\?/ });
    await close.getByLabel('Remark').fill('Bank paid the rest on 25 Nov.');
    await close.getByRole('button', { name: 'Close ticket' }).click();
    await expect(drawer.locator('.ant-descriptions .ant-tag', { hasText: 'Closed' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Reopen' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Escalate' })).toHaveCount(0);
  });

  await test.step('the history shows each change with who and from → to', async () => {
    await drawer.getByRole('tab', { name: 'History' }).click();
    const history = drawer.getByRole('tabpanel', { name: 'History' });
    await expect(history.getByText('Assigned → On Hold')).toBeVisible();
    await expect(history.getByText('On Hold → Closed')).toBeVisible();
    await expect(history.getByText('Bank paid the rest on 25 Nov.')).toBeVisible();
    await shots(page, 'history');
  });

  await test.step('the list finds it by title and counts it as closed', async () => {
    await drawer.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(drawer).toHaveCount(0);
    await page.getByPlaceholder('Search by title').fill(title.slice(0, 24));
    await expect(page.locator('.ant-select-dropdown:visible').getByText(title)).toBeVisible();
    await page.keyboard.press('Escape');
    const row = page.locator('.ant-table-row', { hasText: title });
    await expect(row.locator('.ant-tag', { hasText: 'Closed' })).toBeVisible();
    await shots(page, 'list');
  });
});
