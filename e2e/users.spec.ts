import { expect, type Page, test } from '@playwright/test';
import { choose, dropdownOptions, openFromNav, saveAndExpectToast, shot, signIn } from './helpers.ts';

/**
 * Issue 13's Users and roles: an admin creates a user with a role and a module, finds them with the column filters,
 * disables them after a confirmation (enabling again: next session); creates a checker role and says in Approval Rights that it
 * decides bulk knock-offs.
 */

const USER = `e2e.nina.${Date.now().toString(36)}`;
const EMAIL = `${USER}@demo.local`;
const ROLE = `ROLE_E2E_CHECKER_${Date.now().toString(36).toUpperCase()}`;
const SHOT = 'tmp-users';

/** The screen at the journeys' 1440×900, then at 1280×720. */
async function shots(page: Page, name: string) {
  await shot(page, name);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, `${name}-1280`);
  if (size) await page.setViewportSize(size);
}

test.setTimeout(180_000);

test('an admin creates a user with a role and a module, and manages their activation', async ({ page }) => {
  await signIn(page, 'admin');
  await openFromNav(page, 'Settings', 'User Settings', 'Users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await shots(page, `${SHOT}-01-list`);

  await test.step('create a user with the Operator role in Bank Settlement Recon', async () => {
    await page.getByRole('button', { name: 'Create User' }).click();
    const drawer = page.getByRole('dialog', { name: 'Create User' });
    await drawer.getByLabel('User Name').fill(USER);
    await drawer.getByLabel('First Name').fill('Nina');
    await drawer.getByLabel('Last Name').fill('Rao');
    await drawer.getByLabel('Email').fill(EMAIL);
    await choose(page, drawer.getByLabel('Roles'), 'Operator');
    await drawer.getByLabel('First Name').click();
    await expect(dropdownOptions(page)).toHaveCount(0);
    await choose(page, drawer.getByLabel('Modules'), 'Bank Settlement Recon');
    await shots(page, `${SHOT}-02-create`);
    await saveAndExpectToast(
      page,
      drawer.getByRole('button', { name: 'Create User' }),
      'User created: an invitation to choose a password was sent',
    );
    await expect(drawer).toBeHidden();
  });

  await test.step('find the user with the name and module filters', async () => {
    await page.getByLabel('Name').fill('Nina');
    await page.getByLabel('Module').fill('Bank Settlement');
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.locator('.ant-table-row', { hasText: USER });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Operator');
    await expect(row).toContainText('Bank Settlement Recon');
    await shots(page, `${SHOT}-03-filtered`);
  });

  await test.step('disable the user after a confirmation', async () => {
    const row = page.locator('.ant-table-row', { hasText: USER });
    await row.getByRole('switch').click();
    await expect(page.getByText(`Disable ${USER}? Their sessions end at once and they cannot sign in.`)).toBeVisible();
    await saveAndExpectToast(
      page,
      page.getByRole('button', { name: 'Yes' }),
      'User disabled: their sessions have ended',
    );
    await expect(row.getByRole('switch')).not.toBeChecked();
  });
});

test('an admin creates a checker role and gives it the approval of bulk knock-offs', async ({ page }) => {
  await signIn(page, 'admin');
  await openFromNav(page, 'Settings', 'User Settings', 'User Roles');
  await page.getByRole('button', { name: 'Create Role' }).click();
  const modal = page.getByRole('dialog', { name: 'Create Role' });
  await modal.getByLabel('Role Name').fill(ROLE);
  await modal.getByLabel('Checker').check();
  await saveAndExpectToast(page, modal.getByRole('button', { name: 'Create Role' }), 'Role successfully created');
  await expect(page).toHaveURL(new RegExp(`role=${ROLE}$`));

  await openFromNav(page, 'Settings', 'Approval Rights');
  await expect(page.getByRole('heading', { name: 'Approval Rights' })).toBeVisible();
  const row = page.locator('.ant-table-row', { hasText: 'Bulk knock off' });
  await choose(page, row.getByRole('combobox'), ROLE);
  await saveAndExpectToast(page, row.getByRole('button', { name: 'Save' }), 'Approval rights saved');
  await expect(row.getByRole('button', { name: 'Save' })).toBeDisabled();
  await shots(page, `${SHOT}-04-approval-rights`);
  // Put it back: the approvals journey decides knock-offs as the demo checker.
  await row.locator('.ant-select-selection-item-remove').first().click();
  await saveAndExpectToast(page, row.getByRole('button', { name: 'Save' }), 'Approval rights saved');
});
