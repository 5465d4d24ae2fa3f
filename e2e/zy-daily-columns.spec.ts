import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_MODULE, reconciledDemo } from './demo-recon.ts';
import { openFromNav, settle, shot, showRows, signIn, switchModule } from './helpers.ts';

/**
 * Issue 12's proof for columns and density: on a recon tab with rows, at 1440×900 with the sidebar expanded and
 * collapsed, the Amount column (heading and cells) is on screen inside the table without scrolling; a column hidden
 * in the chooser stays hidden after a reload and on that tab only; rows are compact (at most 40 px) and 50 a page;
 * the arrow keys move between rows, Space ticks one and Enter opens it.
 */

const MODULE = DEMO_MODULE;

test.setTimeout(240_000);

const rowsTable = (page: Page) => page.locator('.ant-card-body .ant-table-wrapper').first();
const heading = (page: Page, title: string) =>
  rowsTable(page)
    .locator('thead th')
    .filter({ hasText: new RegExp(`^${title}$`) });

/** The column's heading and first cells lie inside the table's visible box and the window. */
async function expectOnScreen(page: Page, title: string) {
  const viewport = page.viewportSize();
  const box = await rowsTable(page).locator('.ant-table-container').boundingBox();
  if (!viewport || !box) throw new Error('the table is not on screen');
  const index = await heading(page, title).evaluate((th) => (th as HTMLTableCellElement).cellIndex);
  const cells: Locator[] = [heading(page, title)];
  const rows = rowsTable(page).locator('tr.ant-table-row');
  for (let i = 0; i < Math.min(3, await rows.count()); i++) cells.push(rows.nth(i).locator('td').nth(index));
  for (const cell of cells) {
    const b = await cell.boundingBox();
    if (!b) throw new Error(`${title} is not rendered`);
    expect(b.x, `${title} starts inside the table`).toBeGreaterThanOrEqual(box.x - 1);
    expect(b.x + b.width, `${title} ends inside the table`).toBeLessThanOrEqual(box.x + box.width + 1);
    expect(b.x + b.width, `${title} ends inside the window`).toBeLessThanOrEqual(viewport.width);
  }
  // Nothing was scrolled to get there.
  expect(
    await rowsTable(page)
      .locator('.ant-table-content, .ant-table-body')
      .first()
      .evaluate((e) => e.scrollLeft),
  ).toBe(0);
}

async function openColumns(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Columns' }).click();
  const popover = page.locator('.ant-popover').filter({ hasText: /of \d+ shown/ });
  await expect(popover).toBeVisible();
  return popover;
}

async function closeColumns(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('heading').first().click();
  await expect(page.locator('.ant-popover:visible')).toHaveCount(0);
}

test('recon tabs at daily use: amount on screen, remembered columns, compact rows, keyboard rows', async ({ page }) => {
  await signIn(page, 'admin');
  await switchModule(page, MODULE);
  await test.step('the demo recon has run', () => reconciledDemo(page));

  await test.step('Amount is on screen at 1440×900, the sidebar expanded and collapsed', async () => {
    await openFromNav(page, 'Transactions', 'Recon', 'Unreconciled');
    await showRows(page);
    const titles = await rowsTable(page).locator('thead th').allTextContents();
    const lead = titles.map((t) => t.trim()).filter((t) => t !== '');
    expect(lead.slice(0, 3)).toEqual(['Reference', 'Value Date', 'Amount']);
    expect(lead[3]).toMatch(/Debit|Dr/i);
    await expectOnScreen(page, 'Amount');
    await shot(page, 'tmp-columns-unreconciled-1440');

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await settle(page);
    await expectOnScreen(page, 'Amount');
    await shot(page, 'tmp-columns-unreconciled-1440-collapsed');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await settle(page);
  });

  await test.step('rows are at most 40 px tall, 50 to a page', async () => {
    const rows = rowsTable(page).locator('tr.ant-table-row');
    for (let i = 0; i < Math.min(5, await rows.count()); i++) {
      const b = await rows.nth(i).boundingBox();
      expect(b?.height ?? 0).toBeLessThanOrEqual(40);
    }
    await expect(rowsTable(page).locator('.ant-pagination-options')).toContainText('50 / page');
  });

  await test.step('arrow keys move between rows; Space ticks one; Enter opens it', async () => {
    const rows = rowsTable(page).locator('tr.ant-table-row');
    await rows.first().focus();
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(2)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(/^1 row selected/)).toBeVisible();
    await page.screenshot({ path: 'e2e/screenshots/tmp-columns-keyboard-row.png' });
    await page.keyboard.press('Space');
    await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'false');
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: / · row \d+/ });
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  await test.step('a column hidden in the chooser stays hidden after a reload, on its tab only', async () => {
    await expect(heading(page, 'Narration')).toHaveCount(1);
    const chooser = await openColumns(page);
    await chooser.getByText('Narration', { exact: true }).click();
    await expect(heading(page, 'Narration')).toHaveCount(0);
    await closeColumns(page);

    await page.reload();
    await showRows(page);
    await expect(heading(page, 'Narration')).toHaveCount(0);
    await expect(heading(page, 'Amount')).toHaveCount(1);

    await openFromNav(page, 'Transactions', 'Recon', 'Reconciled');
    await showRows(page);
    await expect(heading(page, 'Narration')).toHaveCount(1);
    await expectOnScreen(page, 'Amount');
    await shot(page, 'tmp-columns-reconciled-1440');
  });

  await test.step('the same pages at 1280×720', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await settle(page);
    await expectOnScreen(page, 'Amount');
    await shot(page, 'tmp-columns-reconciled-1280');
    await openFromNav(page, 'Transactions', 'Recon', 'Unreconciled');
    await showRows(page);
    await shot(page, 'tmp-columns-unreconciled-1280');
    const chooser = await openColumns(page);
    await page.screenshot({ path: 'e2e/screenshots/tmp-columns-chooser-1280.png' });
    await expect(chooser.getByRole('button', { name: 'Unpin Amount' })).toBeVisible();
    await closeColumns(page);
  });

  await test.step('other tables share the density and the 50-row page (screenshots)', async () => {
    for (const [size, suffix] of [
      [{ width: 1440, height: 900 }, '1440'],
      [{ width: 1280, height: 720 }, '1280'],
    ] as const) {
      await page.setViewportSize(size);
      await openFromNav(page, 'Transactions', 'Pipeline', 'Invalid');
      await settle(page);
      // After the file, row and reasons: reference, date and amount, as on the recon tabs.
      // The headings settle once the table has its columns (the data source's, after the first answer).
      await expect
        .poll(async () =>
          (await page.locator('thead th').allTextContents())
            .map((t) => t.trim())
            .filter((t) => t !== '')
            .slice(3, 6)
            .join('|'),
        )
        .toMatch(/^reference\|value.date\|amount$/i);
      await shot(page, `tmp-columns-invalid-${suffix}`);
      await openFromNav(page, 'Operations', 'History', 'File Upload');
      await settle(page);
      await expect(page.locator('.ant-pagination-options').first()).toContainText('50 / page');
      await shot(page, `tmp-columns-file-history-${suffix}`);
    }
  });
});
