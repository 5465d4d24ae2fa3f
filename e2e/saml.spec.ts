import { expect, type Page, test } from '@playwright/test';
import { makeSigner, startIdp } from '../apps/server/src/testing/saml-idp.ts';
import { choose, saveAndExpectToast, shot, signIn, signOut, storedUser } from './helpers.ts';

const IDP_ENTITY = 'https://idp.e2e.test';
const SP_ENTITY = 'recon-e2e';

/** Both sizes a finance user works at. */
async function shots(page: Page, name: string) {
  const size = page.viewportSize();
  await shot(page, `tmp-saml-${name}-1440`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, `tmp-saml-${name}-1280`);
  if (size) await page.setViewportSize(size);
}

test('an admin sets up a SAML identity provider; a mapped directory user signs in, an unmapped one is told to ask', async ({
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

    // Someone the directory knows but no mapped group covers: asked to request a role and module.
    idp.login({ nameId: 'dir.new', attributes: { groups: ['staff'] } });
    const second = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in with E2E Directory' }).click();
    await (await second).waitForEvent('close');
    await expect(page.getByText('Please request your application admin to assign Role and Module.')).toBeVisible();
    await expect(page.getByText('User Name is required')).toBeHidden();
    expect(await storedUser(page)).toBeNull();
    await shots(page, 'login-unassigned');
  } finally {
    await idp.close();
  }
});
