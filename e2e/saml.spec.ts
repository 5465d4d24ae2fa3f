import { expect, type Page, test } from '@playwright/test';
import { makeSigner, startIdp } from '../apps/server/src/testing/saml-idp.ts';
import { adminApi, choose, saveAndExpectToast, shot, signIn, signOut, storedUser } from './helpers.ts';

const IDP_ENTITY = 'https://idp.e2e.test';
const SP_ENTITY = 'recon-e2e';

// Two identity-provider round trips, an approval and a third sign-in: longer than the default on a shared machine.
test.setTimeout(180_000);

/** Both sizes a finance user works at. */
async function shots(page: Page, name: string) {
  const size = page.viewportSize();
  await shot(page, `tmp-saml-${name}-1440`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, `tmp-saml-${name}-1280`);
  if (size) await page.setViewportSize(size);
}

/** The login page's "Sign in with …" for the registration, through the identity provider's popup. */
async function samlSignIn(page: Page) {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with E2E Directory' }).click();
  await (await popup).waitForEvent('close');
}

test('an admin sets up a SAML identity provider; a mapped directory user signs in, an unmapped one sends a department and is approved', async ({
  page,
}) => {
  const signer = makeSigner('idp.e2e.test');
  const idp = await startIdp({ entityId: IDP_ENTITY, signer, audience: SP_ENTITY });
  try {
    await signIn(page, 'admin');
    await page.goto('/settings/integrations/saml-setup');
    await expect(page.getByRole('heading', { name: 'SAML Setup' })).toBeVisible();
    await expect(page.getByText('No identity provider yet.', { exact: false })).toBeVisible();
    await shots(page, 'setup-empty');

    await page.getByRole('button', { name: 'Add Identity Provider' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Name', { exact: true }).fill('E2E Directory');
    await drawer.getByLabel('Registration Id').fill('e2e-dir');
    await drawer.getByLabel('IdP sign-in URL').fill(idp.entryPoint);
    await drawer.getByLabel('IdP entity id (issuer)').fill(IDP_ENTITY);
    const certificate = drawer.getByLabel('IdP signing certificate');
    await certificate.fill('not a certificate');
    await certificate.blur();
    await expect(drawer.getByText('IdP signing certificate must be a PEM certificate', { exact: false })).toBeVisible();
    await certificate.fill(signer.certPem);
    await drawer.getByLabel('SP entity id').fill(SP_ENTITY);
    await drawer.getByLabel('E-mail attribute').fill('email');
    await drawer.getByLabel('Name attribute').fill('displayName');
    await drawer.getByLabel('Groups attribute').fill('groups');
    await drawer.getByRole('button', { name: 'Add group mapping' }).click();
    await drawer.getByLabel('Directory group').fill('recon-operators');
    await choose(page, drawer.getByRole('combobox', { name: 'Roles' }), 'Operator');
    await choose(page, drawer.getByRole('combobox', { name: 'Modules' }), 'Payments Gateway Recon');
    await shots(page, 'setup-drawer');
    await saveAndExpectToast(page, drawer.getByRole('button', { name: 'Save' }), 'Successfully Created');
    await expect(drawer).toBeHidden();
    const row = page.getByRole('row', { name: /E2E Directory/ });
    await expect(row).toContainText('e2e-dir');
    await expect(row).toContainText('CN=idp.e2e.test');
    await expect(row).toContainText('1 mapping');
    await shots(page, 'setup-list');
    await signOut(page);

    // A member of the mapped group: the identity provider's popup signs them in with its role and module.
    const samlButton = page.getByRole('button', { name: 'Sign in with E2E Directory' });
    await expect(samlButton).toBeVisible();
    await shots(page, 'login');
    idp.login({
      nameId: 'dir.asha',
      attributes: { email: 'dir.asha@corp.test', displayName: 'Asha Dir', groups: ['recon-operators'] },
    });
    const popup = page.waitForEvent('popup');
    await samlButton.click();
    await (await popup).waitForEvent('close');
    await expect(page.getByRole('combobox', { name: 'Product' })).toBeVisible();
    await expect(page.locator('.ant-select').filter({ hasText: 'Payments Gateway Recon' }).first()).toBeVisible();
    expect((await storedUser(page)).userName).toBe('dir.asha');
    await signOut(page);

    // Someone the directory knows but no mapped group covers: the unassigned page takes their department.
    idp.login({ nameId: 'dir.new', attributes: { displayName: 'Neha Dir', groups: ['staff'] } });
    await samlSignIn(page);
    await expect(page).toHaveURL(/\/module-role-unauthorized\?flow=department-selection$/);
    await expect(page.getByText('Your role and module has not been assigned yet')).toBeVisible();
    await shots(page, 'unassigned');
    await page.getByRole('button', { name: 'Edit Department' }).click();
    await choose(page, page.getByRole('combobox', { name: 'Department' }), 'Treasury');
    await page.getByRole('button', { name: 'Send for Approval' }).click();
    await expect(page.getByText('A request to assign a module has been raised to the department admin.')).toBeVisible();
    await shots(page, 'raised');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/login/);

    // The admin approves the request with a role and a module.
    await signIn(page, 'admin');
    await page.goto('/settings/user-settings/users');
    const request = page.getByRole('row', { name: /dir\.new.*Department sent for approval/ });
    await expect(request).toContainText('Treasury');
    await shots(page, 'users-requests');
    await request.getByRole('button', { name: 'Approve' }).click();
    const approval = page.getByRole('dialog');
    // A multiple select stays open after a choice: clicking the title closes it, as a user would.
    await choose(page, approval.getByRole('combobox', { name: 'Roles' }), 'Operator');
    await approval.getByText('Approve dir.new').click();
    await choose(page, approval.getByRole('combobox', { name: 'Modules' }), 'Payments Gateway Recon');
    await approval.getByText('Approve dir.new').click();
    await saveAndExpectToast(page, approval.getByRole('button', { name: 'Approve' }), 'User approved');
    await expect(request).toBeHidden();
    await signOut(page);

    // Signed in through the identity provider again, they enter their module.
    idp.login({ nameId: 'dir.new', attributes: { groups: ['staff'] } });
    await samlSignIn(page);
    await expect(page.getByRole('combobox', { name: 'Product' })).toBeVisible();
    await expect(page.locator('.ant-select').filter({ hasText: 'Payments Gateway Recon' }).first()).toBeVisible();
    expect((await storedUser(page)).userName).toBe('dir.new');
  } finally {
    await idp.close();
    // Later journeys on the same server must not see a "Sign in with E2E Directory" button.
    const api = await adminApi(page);
    const { data } = await api.get('/v2/saml/config?Find=All');
    for (const r of data as { id: number; registrationId: string }[])
      if (r.registrationId === 'e2e-dir') expect(await api.delete(`/v2/saml/config/${r.id}`)).toBe(200);
  }
});
