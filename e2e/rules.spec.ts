import { expect, type Page, test } from '@playwright/test';
import { dropdownOptions, settle, shot, signIn, switchModule } from './helpers.ts';

const RULE = 'Order id and gross amount';

// The editor is a table of selects: a dozen picks on a loaded machine take longer than the default minute.
test.setTimeout(180_000);

/** Picks the option shown exactly as `option` in the select named `name`. */
async function pick(page: Page, name: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name }).click();
  await dropdownOptions(page).getByText(option, { exact: true }).click();
}

/**
 * A rule made in the editor, seen in the list, moved up and saved, then read back. It is created switched off, so
 * the demo recon's results in the other journeys stay what the demo rules make them.
 */
test('creates a rule in the editor, reorders the recon rules and views the rule', async ({ page }) => {
  await signIn(page, 'admin');
  await switchModule(page, 'Payments Gateway Recon');
  await page.goto('/operations/configuration/recon-rules');
  await expect(page.getByRole('combobox', { name: 'Recon' })).toBeVisible();
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await shot(page, 'rules-01-list');

  await page.getByRole('button', { name: 'Create Rule' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(RULE);
  await page.getByRole('switch', { name: 'Enabled', exact: true }).click();
  await page
    .getByRole('textbox', { name: 'Description' })
    .fill('Gateway order id in the bank reference, gross within a rupee');
  await pick(page, 'Condition 1 Element One Column', 'reference');
  await pick(page, 'Condition 1 Element Two Column', 'order_id');
  await page.getByRole('button', { name: 'Add a transform to Condition 1 Element One' }).click();
  await pick(page, 'Condition 1 Element One transform', 'Trim');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Add a transform to Condition 1 Element One' }).click();
  await pick(page, 'Condition 1 Element One transform', 'Uppercase');
  await page.getByRole('button', { name: 'Add', exact: true }).click();

  // A filter first, then a matching condition: the matching condition takes place 2, the filter moves to 3.
  await page.getByRole('button', { name: 'Add Filter' }).click();
  await page.getByRole('button', { name: 'Add Matching Condition' }).click();
  await pick(page, 'Condition 2 Element One Column', 'amount');
  await pick(page, 'Condition 2 Element Two Column', 'gross_amount');
  await page.getByRole('spinbutton', { name: 'Condition 2 Tolerance' }).fill('1');
  await pick(page, 'Condition 3 Element One Column', 'debit_credit');

  // The editor refuses what the server would, naming the condition.
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.locator('.ant-notification-notice')).toContainText('Condition 3: enter a value');
  await page.getByRole('textbox', { name: 'Condition 3 value' }).fill('CR');
  await shot(page, 'rules-02-editor');

  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const created = page.getByRole('row').filter({ has: page.getByRole('link', { name: RULE }) });
  await expect(created).toBeVisible();
  await expect(created.getByRole('switch')).not.toBeChecked();
  const names = page.locator('.ant-table-row a');
  const count = await names.count();
  await expect(names.nth(count - 1)).toHaveText(RULE);

  // Move it above the rule before it with the grip (Space, arrow up, Space), then save the order.
  const handle = created.getByRole('button', { name: `Move ${RULE}` });
  const id = await created.getAttribute('data-row-key');
  const above = await names
    .nth(count - 2)
    .locator('xpath=ancestor::tr[1]')
    .getAttribute('data-row-key');
  // What a screen reader says after each key (dnd-kit's live region): moved over the row above, dropped there.
  const announced = page.locator('[id^="DndLiveRegion"]');
  await created.evaluate((row) => row.scrollIntoView({ block: 'center' }));
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  // The rows are measured once the drag has started; an arrow pressed before that moves nothing and is pressed again.
  await expect(async () => {
    await page.keyboard.press('ArrowUp');
    await expect(announced).toHaveText(`Draggable item ${id} was moved over droppable area ${above}.`, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await page.keyboard.press('Space');
  await expect(announced).toHaveText(`Draggable item ${id} was dropped over droppable area ${above}`);
  await expect(handle).not.toHaveAttribute('aria-pressed', 'true');
  await expect(names.nth(count - 2)).toHaveText(RULE);
  await expect(page.getByText('Unsaved changes: the new order is not saved yet')).toBeVisible();
  await page.getByRole('button', { name: 'Save Order' }).click();
  await expect(page.getByRole('button', { name: 'Save Order' })).toBeDisabled();
  await page.reload();
  await expect(names.nth(count - 2)).toHaveText(RULE);

  await page.getByRole('link', { name: RULE }).click();
  await expect(page.getByRole('heading', { name: RULE })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'CR', exact: true })).toBeVisible();
  await settle(page);
  await shot(page, 'rules-03-view');
});
