import { expect, type Page, test } from '@playwright/test';
import {
  DIRECTORY_BASE_DN,
  groupDn,
  SERVICE_DN,
  startLdapDirectory,
} from '../apps/server/src/testing/ldap-directory.ts';
import { adminApi, choose, saveAndExpectToast, shot, signIn, signOut, storedUser } from './helpers.ts';

// Seven sign-ins, a directory set-up and its removal: longer than the default on a shared machine.
test.setTimeout(150_000);

/** Both sizes a finance user works at. */
async function shots(page: Page, name: string) {
  const size = page.viewportSize();
  await shot(page, `tmp-ldap-${name}-1440`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, `tmp-ldap-${name}-1280`);
  if (size) await page.setViewportSize(size);
}

/** The login page's directory sign-in. */
async function ldapSignIn(page: Page, userName: string, password: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Use directory (LDAP) sign-in' }).click();
  await page.getByLabel('User Name').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login with Directory' }).click();
}

test('an admin sets up the LDAP directory; a mapped user enters their module, an unmapped one sends a department for approval', async ({
  page,
}) => {
  const dir = await startLdapDirectory({
    people: [
      {
        uid: 'dir.ravi',
        password: 'Ravi@Dir2026',
        cn: 'Ravi Kumar',
        mail: 'ravi@corp.test',
        memberOf: [groupDn('recon-operators')],
      },
      { uid: 'dir.meena', password: 'Meena@Dir2026', cn: 'Meena Iyer', mail: 'meena@corp.test' },
    ],
  });
  try {
    await signIn(page, 'admin');
    await page.goto('/settings/integrations/ldap-setup');
    await expect(page.getByRole('heading', { name: 'LDAP Setup' })).toBeVisible();
    await expect(page.getByText('No directory yet.', { exact: false })).toBeVisible();
    await shots(page, 'setup-empty');

    await page.getByRole('button', { name: 'Set Up Directory' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Directory URL').fill(dir.url);
    await drawer.getByLabel('Base DN').fill(DIRECTORY_BASE_DN);
    await drawer.getByLabel('Service account bind DN').fill(SERVICE_DN);
    await drawer.getByLabel('Service account password').fill('wrong-password');
    await drawer.getByRole('button', { name: 'Test connection' }).click();
    await expect(drawer.getByText('The directory refused the service account', { exact: false })).toBeVisible();
    await drawer.getByLabel('Service account password').fill(dir.servicePassword);
    await drawer.getByRole('button', { name: 'Test connection' }).click();
    await expect(drawer.getByText('Connected to the directory and signed in with the service account')).toBeVisible();
    await drawer.getByRole('button', { name: 'Add group mapping' }).click();
    await drawer.getByLabel('Directory group (cn or DN)').fill('recon-operators');
    await choose(page, drawer.getByRole('combobox', { name: 'Roles' }), 'Operator');
    await choose(page, drawer.getByRole('combobox', { name: 'Modules' }), 'Payments Gateway Recon');
    await shots(page, 'setup-drawer');
    await saveAndExpectToast(page, drawer.getByRole('button', { name: 'Save' }), 'Successfully Updated');
    await expect(drawer).toBeHidden();
    await expect(page.getByText(dir.url)).toBeVisible();
    await expect(page.getByText('Password stored (never shown)')).toBeVisible();
    await expect(page.getByText('1 mapping')).toBeVisible();
    await shots(page, 'setup-summary');
    await signOut(page);

    // A member of the mapped group: signed in by the directory, straight into their module.
    await ldapSignIn(page, 'dir.ravi', 'Ravi@Dir2026');
    await expect(page.getByRole('combobox', { name: 'Product' })).toBeVisible();
    await expect(page.locator('.ant-select').filter({ hasText: 'Payments Gateway Recon' }).first()).toBeVisible();
    expect((await storedUser(page)).userName).toBe('dir.ravi');
    await signOut(page);

    // A wrong password is refused with the usual words.
    await ldapSignIn(page, 'dir.meena', 'not-her-password');
    await expect(page.getByText('Invalid username or password')).toBeVisible();
    await shots(page, 'login-refused');

    // Known to the directory, in no mapped group: the unassigned page asks for a department.
    await ldapSignIn(page, 'dir.meena', 'Meena@Dir2026');
    await expect(page).toHaveURL(/\/module-role-unauthorized\?flow=department-selection$/);
    await expect(page.getByText('Your role and module has not been assigned yet')).toBeVisible();
    await shots(page, 'unassigned');
    await choose(page, page.getByRole('combobox', { name: 'Department' }), 'Treasury');
    await page.getByRole('button', { name: 'Send for Approval' }).click();
    await expect(page.getByText('A request to assign a module has been raised to the department admin.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Department' })).toBeHidden();
    await shots(page, 'raised');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/login/);

    // The admin sees the request among the users waiting for approval.
    await signIn(page, 'admin');
    await page.goto('/settings/user-settings/users');
    // Meena is in the users list too; her request is the row with its registration status.
    const request = page.getByRole('row', { name: /dir\.meena.*Department sent for approval/ });
    await expect(request).toContainText('Treasury');
    await expect(request.getByRole('button', { name: 'Approve' })).toBeVisible();
    await shots(page, 'users-requests');
  } finally {
    await dir.close();
    // Later journeys on the same server must not see the directory sign-in.
    expect(await (await adminApi(page)).delete('/v2/ldap/config')).toBe(200);
  }
});
