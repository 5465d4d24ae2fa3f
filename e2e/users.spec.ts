import { expect, type Page, test } from '@playwright/test';
import {
  choose,
  dismissToasts,
  dropdownOptions,
  openFromNav,
  productSwitcher,
  saveAndExpectToast,
  shot,
  signIn,
  signOut,
} from './helpers.ts';
import { linkInMail } from './outbox.ts';

/**
 * Issue 13's Users and roles: an admin creates a user with a role and a module, finds them with the column filters;
 * the user opens the invitation the server mailed, chooses a password, signs in and sees only what the role grants;
 * the admin disables them (they cannot sign in) and enables them again (they can). Then a checker role, given the
 * approval of bulk knock-offs. Names carry a suffix: the journeys share one server.
 */

const USER = `e2e.nina.${Date.now().toString(36)}`;
const EMAIL = `${USER}@demo.local`;
const ROLE = `ROLE_E2E_CHECKER_${Date.now().toString(36).toUpperCase()}`;
const SPARE = `ROLE_E2E_SPARE_${Date.now().toString(36).toUpperCase()}`;
const SHOT = 'tmp-users';
const NEW_PASSWORD = 'Nina@Recon2026';

/** Signs in with a password of the user's own (the demo helper signs in with the demo password). */
async function signInWith(page: Page, userName: string, password: string) {
  // After a sign-out the login page is already there: loading it again would race the form being typed into.
  if (!/\/login$/.test(page.url())) await page.goto('/login');
  await expect(page).toHaveURL(/\/login$/);
  const name = page.getByRole('textbox', { name: 'User Name' });
  const secret = page.getByRole('textbox', { name: 'Password' });
  // The form may still be settling from the last sign-out: the user types again until both fields hold the text.
  await expect(async () => {
    await name.fill(userName, { timeout: 5_000 });
    await secret.fill(password, { timeout: 5_000 });
    await expect(name).toHaveValue(userName, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Users, filtered to the journey's user, as the admin. */
async function openUserRow(page: Page) {
  await page.goto('/settings/user-settings/users?name=Nina');
  const row = page.locator('.ant-table-row', { hasText: USER });
  await expect(row).toBeVisible();
  return row;
}

/** The screen at the journeys' 1440×900, then at 1280×720. */
async function shots(page: Page, name: string) {
  await shot(page, name);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, `${name}-1280`);
  if (size) await page.setViewportSize(size);
}

test.setTimeout(180_000);

test('an admin creates a user with a role and a module, and manages their activation', async ({ page, browser }) => {
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

  await test.step('the user opens the invitation, chooses a password and signs in', async () => {
    await signOut(page);
    const link = await linkInMail(EMAIL, /https?:\/\/\S+\/reset-password\?tempToken=[\w-]+/);
    await page.goto(link);
    await expect(page.getByText('Reset Password').first()).toBeVisible();
    await page.getByLabel('New Password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
    await shots(page, `${SHOT}-04-invitation`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password changed')).toBeVisible();
    await signInWith(page, USER, NEW_PASSWORD);
    await expect(page.getByRole('combobox', { name: 'Product' })).toBeVisible();
  });

  await test.step('the user sees only what the Operator role grants', async () => {
    const nav = page.getByRole('navigation');
    for (const section of ['Transactions', 'Operations']) {
      await expect(nav.getByText(section, { exact: true })).toBeVisible();
    }
    for (const hidden of ['Reports']) {
      await expect(nav.getByText(hidden, { exact: true })).toHaveCount(0);
    }
    await expect(productSwitcher(page)).toContainText('Bank Settlement Recon');
    await shots(page, `${SHOT}-05-new-user-home`);
    // The Users page by its address is refused: hiding the menu is not the only guard.
    await page.goto('/settings/user-settings/users');
    await expect(page.getByText('Not Allowed', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Users' })).toHaveCount(0);
    await signOut(page);
  });

  // The user signs in from a browser of their own while the admin stays signed in on theirs.
  const own = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const userPage = await own.newPage();

  await test.step('the admin disables the user after a confirmation; they cannot sign in', async () => {
    await signIn(page, 'admin');
    const row = await openUserRow(page);
    await row.getByRole('switch').click();
    await expect(page.getByText(`Disable ${USER}? Their sessions end at once and they cannot sign in.`)).toBeVisible();
    await saveAndExpectToast(
      page,
      page.getByRole('button', { name: 'Yes' }),
      'User disabled: their sessions have ended',
    );
    await expect(row.getByRole('switch')).not.toBeChecked();
    await signInWith(userPage, USER, NEW_PASSWORD);
    await expect(userPage.getByText('Your account is disabled. Please contact your administrator')).toBeVisible();
    await expect(userPage).toHaveURL(/\/login$/);
  });

  await test.step('the admin enables the user again; they can sign in', async () => {
    const row = page.locator('.ant-table-row', { hasText: USER });
    await dismissToasts(page);
    await row.getByRole('switch').click();
    await expect(page.getByText(`Enable ${USER}? They can sign in again.`)).toBeVisible();
    await saveAndExpectToast(page, page.getByRole('button', { name: 'Yes' }), 'User enabled');
    await expect(row.getByRole('switch')).toBeChecked();
    await userPage.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(userPage.getByRole('combobox', { name: 'Product' })).toBeVisible();
  });
  await own.close();
});

test('an admin creates a checker role and gives it the approval of bulk knock-offs', async ({ page }) => {
  await signIn(page, 'admin');
  await openFromNav(page, 'Settings', 'User Settings', 'User Roles');
  await shots(page, `${SHOT}-07-user-roles`);
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
  await shots(page, `${SHOT}-09-approval-rights`);
  // Put it back: the approvals journey decides knock-offs as the demo checker.
  await row.locator('.ant-select-selection-item-remove').first().click();
  await saveAndExpectToast(page, row.getByRole('button', { name: 'Save' }), 'Approval rights saved');
});

test('an admin renames a role made with a typo, then deletes it; built-in roles offer no delete', async ({ page }) => {
  await signIn(page, 'admin');
  await openFromNav(page, 'Settings', 'User Settings', 'User Roles');
  await page.getByRole('button', { name: 'Create Role' }).click();
  const modal = page.getByRole('dialog', { name: 'Create Role' });
  await modal.getByLabel('Role Name').fill(SPARE);
  await modal.getByLabel('Maker').check();
  await saveAndExpectToast(page, modal.getByRole('button', { name: 'Create Role' }), 'Role successfully created');
  await expect(page).toHaveURL(new RegExp(`role=${SPARE}$`));

  // A typo in the name is put right; the role keeps its privileges and kind.
  await page.getByRole('button', { name: 'Edit Role' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Role' });
  await edit.getByLabel('Role Name').fill(`${SPARE}_2`);
  await shots(page, `${SHOT}-08-edit-role`);
  await expect(edit.getByRole('button', { name: 'Save' })).toBeInViewport();
  await saveAndExpectToast(page, edit.getByRole('button', { name: 'Save' }), 'Role saved');
  await expect(page).toHaveURL(new RegExp(`role=${SPARE}_2$`));
  // A role made by mistake goes, after a confirmation; built-in roles offer no delete.
  const confirm = page.getByText(`Delete ${SPARE}_2? Its privileges and approval rights go with it.`);
  // Closing the toast would close the confirmation too: it goes first.
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Delete Role' }).click();
  await expect(confirm).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.locator('.ant-notification-notice-title', { hasText: 'Role deleted' })).toBeVisible();
  await expect(page).toHaveURL(/user-roles$/);
  await expect(page.getByRole('button', { name: 'Delete Role' })).toBeDisabled();
});
