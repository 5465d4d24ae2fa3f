import { expect, type Page, test } from '@playwright/test';
import { openFromNav, settle, shot, signIn } from './helpers.ts';

/**
 * Issue 12 (daily use), the shell and settings parts: the collapsed sidebar's Downloads flyout, the not-allowed page
 * of a forbidden deep link, the skip link, Create Job's inline marks, the audit log's users and default range, and
 * User Roles' labels.
 */

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;

/** A screenshot of the screen as it is (a flyout open, a focused link), for a person to look at. */
async function capture(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `e2e/screenshots/tmp-shell-${name}.png`, animations: 'disabled' });
}

/** The settled page at both sizes the issue names, then back to the journeys' size. */
async function shotsAtBothSizes(page: Page, name: string): Promise<void> {
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    await shot(page, `tmp-shell-${name}-${size.width}`);
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

/** DD-MM-YYYY, as the date pickers show a day. */
function displayDay(daysAgo: number): string {
  const d = new Date();
  d.setDate(d.getDate() - daysAgo);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}-${two(d.getMonth() + 1)}-${d.getFullYear()}`;
}

test('the collapsed sidebar names its downloads in a flyout beside it', async ({ page }) => {
  await signIn(page, 'admin');
  await openFromNav(page, 'Settings', 'Audit Logs');
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  const sidebar = page.locator('aside');
  await expect(sidebar).toHaveCSS('width', '72px');

  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    const trigger = page.getByRole('button', { name: /^Downloads/ });
    await page.mouse.move(size.width / 2, size.height / 2);
    await trigger.hover();
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    const entries = menu.getByRole('menuitem');
    await expect(entries).toHaveText([
      'Dashboard Downloads',
      'Transaction Downloads',
      'Report Downloads',
      'Approval Downloads',
      'BRS Report Downloads',
    ]);
    await settle(page);

    // Beside the sidebar: starting at its right edge, level with the button, inside the window.
    const aside = await sidebar.boundingBox();
    const button = await trigger.boundingBox();
    const flyout = await menu.boundingBox();
    if (!aside || !button || !flyout) throw new Error('the sidebar, the button and the flyout all show');
    expect(flyout.x).toBeGreaterThanOrEqual(aside.x + aside.width - 1);
    expect(flyout.x).toBeLessThan(aside.x + aside.width + 24);
    expect(flyout.y + flyout.height).toBeGreaterThanOrEqual(button.y);
    expect(flyout.y + flyout.height).toBeLessThanOrEqual(size.height);
    await capture(page, `downloads-flyout-${size.width}`);
  }
  await page.setViewportSize(VIEWPORTS[0]);
});

test('a forbidden deep link shows that the page is not allowed, inside the shell', async ({ page }) => {
  // The seeded operator's role grants no Settings page.
  await signIn(page, 'operator');
  await page.goto('/settings/audit-logs');

  await expect(page.getByText('Not Allowed', { exact: true })).toBeVisible();
  await expect(page.getByText('Sorry, you are not authorized to access this page.')).toBeVisible();
  await expect(page.getByText('Sorry, the page you visited does not exist.')).toHaveCount(0);
  await expect(page).toHaveURL(/\/settings\/audit-logs$/);
  // The shell stays: sidebar and header, so the user can go on elsewhere.
  await expect(page.getByRole('navigation').getByText('Operations', { exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Product' })).toBeVisible();
  await shotsAtBothSizes(page, 'not-allowed');

  // Not found stays what it was, so the two read differently.
  await page.goto('/settings/no-such-page');
  await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
  await expect(page.getByText('Not Allowed', { exact: true })).toHaveCount(0);
});

test('Tab from page load reaches "Skip to content" first, then the sidebar; the link jumps to the page', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await openFromNav(page, 'Settings', 'Audit Logs');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Audit Logs' })).toBeVisible();
  await settle(page);

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    await capture(page, `skip-link-${size.width}`);
  }
  await page.setViewportSize(VIEWPORTS[0]);

  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('aside'))).toBe(true);

  await page.keyboard.press('Shift+Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
});

test('Create Job marks the empty required fields in place as well as the toast', async ({ page }) => {
  await signIn(page, 'admin');
  await openFromNav(page, 'Operations', 'Jobs');
  await page.goto('/operations/jobs/create-job');
  await expect(page.locator('.ant-card-head-title', { hasText: 'Job Details' })).toBeVisible();

  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.locator('.ant-notification-notice-title')).toHaveText('Please provide atleast one activity');
  await expect(page.locator('.ant-form-item-explain-error')).toHaveText('Job name is required');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Please provide atleast one activity');
  await shotsAtBothSizes(page, 'create-job-errors');

  // An activity added but not chosen is marked on its row; a name typed clears its mark.
  await page.getByRole('button', { name: /Add Activity/ }).click();
  await expect(page.getByTestId('activity-row-1').getByRole('alert')).toHaveText('Missing activity name or type');
  await page.getByRole('textbox', { name: 'Job Name' }).fill('Daily settlement load');
  await expect(page.getByText('Job name is required')).toHaveCount(0);
  await shotsAtBothSizes(page, 'create-job-row-error');
});

test('the audit log names the user of every row and opens on the last 15 days', async ({ page }) => {
  await signIn(page, 'admin');
  const asked = page.waitForRequest((r) => r.url().includes('/web/v2/auditlogs'));
  await openFromNav(page, 'Settings', 'Audit Logs');
  const query = new URL((await asked).url()).searchParams;
  const days = (Date.parse(query.get('toDate') ?? '') - Date.parse(query.get('fromDate') ?? '')) / 86_400_000;
  expect(Math.round(days)).toBe(16); // the 15 days before today, and today

  await expect(page.getByPlaceholder('Start date')).toHaveValue(displayDay(15));
  await expect(page.getByPlaceholder('End date')).toHaveValue(displayDay(0));

  const rows = page.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const userColumn = await page
    .locator('thead th')
    .evaluateAll((cells) => cells.findIndex((c) => c.textContent?.trim() === 'User Name'));
  const users = await rows.evaluateAll(
    (trs, column) => trs.map((tr) => tr.querySelectorAll('td')[column]?.textContent?.trim() ?? ''),
    userColumn,
  );
  expect(users.length).toBeGreaterThan(0);
  expect(users.filter((u) => u === '')).toEqual([]);
  expect(users).toContain('admin');
  await shotsAtBothSizes(page, 'audit-logs');
});

test('User Roles shows each privilege by its label, the code set back, and what it allows', async ({ page }) => {
  await signIn(page, 'admin');
  await openFromNav(page, 'Settings', 'User Settings', 'User Roles');
  const label = page.locator('strong', { hasText: /^Audit Logs$/ });
  await expect(label).toBeVisible();
  const row = page.locator('label.ant-checkbox-wrapper').filter({ has: label });
  await expect(row).toContainText('auditLogs');
  await expect(row).toContainText('See the audit trail: sign-ins, sessions and changes.');
  await shotsAtBothSizes(page, 'user-roles');
  await page
    .locator('.ant-card')
    .filter({ has: label })
    .screenshot({ path: 'e2e/screenshots/tmp-shell-user-roles-card.png' });
});
