import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, E2E_PORT } from './env.ts';
import { saveAndExpectToast, shot, signIn, signOut } from './helpers.ts';

const STRICT_TEXT =
  'Password must be 12 to 64 characters with an uppercase letter, a lowercase letter, a digit and a special character';

/** Both sizes a finance user works at. */
async function shots(page: Page, name: string) {
  const size = page.viewportSize();
  await shot(page, `tmp-authcfg-${name}-1440`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, `tmp-authcfg-${name}-1280`);
  if (size) await page.setViewportSize(size);
}

/** The policy as the journey found it, and how to put it back: set until it is restored. */
let restore: ((request: APIRequestContext) => Promise<void>) | null = null;

// Should the journey's own finally not get to run (a timeout closes its contexts), the policy goes back here.
test.afterAll(async ({ playwright }) => {
  if (!restore) return;
  const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  try {
    await restore(request);
  } finally {
    await request.dispose();
  }
});

/** An admin session through the API, taken while CAPTCHA is off: it restores the policy whatever happens. */
async function adminApi(request: APIRequestContext) {
  const res = await request.post('/web/v2/login', { data: { userName: 'admin', password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const user = await res.json();
  const headers = { authorization: `Bearer ${user.authToken}`, 'x-user-id': String(user.id) };
  return {
    headers,
    get: async () => (await request.get('/web/v2/authConfig', { headers })).json(),
  };
}

test('an admin tightens the password policy and turns CAPTCHA on; a weak password is refused and the login page asks for the CAPTCHA', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const api = await adminApi(request);
  const found = (await api.get()).config;
  restore = async (r) => {
    const res = await r.put('/web/v2/authConfig', { headers: api.headers, data: found });
    expect(res.status()).toBe(200);
    restore = null;
  };
  // A user signed in before the change: their next password must follow the new policy.
  const userContext = await browser.newContext({
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 1440, height: 900 },
  });
  const userPage = await userContext.newPage();
  try {
    await signIn(userPage, 'operator');

    await signIn(page, 'admin');
    await page.goto('/settings/integrations/auth-config');
    await expect(page.getByRole('heading', { name: 'Auth Config' })).toBeVisible();
    for (const section of ['Password policy', 'Sessions', 'Lockout', 'Multi-factor', 'CAPTCHA']) {
      await expect(page.getByText(section, { exact: true })).toBeVisible();
    }
    await shots(page, 'page');

    const minLength = page.getByLabel('Minimum length');
    await minLength.fill('7');
    await minLength.blur();
    await expect(
      page.getByText('Minimum password length must be a whole number from 8 to 64 characters'),
    ).toBeVisible();
    await minLength.fill('12');
    await minLength.blur();
    await expect(page.getByText(`Users will see: "${STRICT_TEXT}"`)).toBeVisible();
    await page.getByRole('switch', { name: 'Ask for a CAPTCHA at sign-in' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Change how users sign in?' });
    await expect(confirm.getByText(`New passwords must follow: "${STRICT_TEXT}".`)).toBeVisible();
    await expect(confirm.getByText('The login page asks every user for the characters of an image.')).toBeVisible();
    await shots(page, 'confirm');
    await saveAndExpectToast(page, confirm.getByRole('button', { name: 'Save changes' }), 'Sign-in settings saved');
    await expect(confirm).toBeHidden();
    // The button is found spinning too ("loading Save"): one that spun on would then fail as enabled, saying so.
    await expect(page.getByRole('button', { name: /^(loading )?Save$/ })).toBeDisabled({ timeout: 30_000 });

    // The user's weak password (it met the old policy) is refused with the new policy's text.
    await userPage.getByRole('button', { name: 'User menu' }).click();
    await userPage.getByText('Change password', { exact: true }).click();
    const dialog = userPage.getByRole('dialog', { name: 'Change password' });
    await expect(dialog.getByText(STRICT_TEXT)).toBeVisible();
    await dialog.getByLabel('Current Password').fill(DEMO_PASSWORD);
    await dialog.getByLabel('New Password').fill('Weak#Pass26');
    await dialog.getByLabel('Confirm Password').fill('Weak#Pass26');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(
      dialog.locator('.ant-form-item-explain-error', { hasText: 'Missing: at least 12 characters' }),
    ).toBeVisible();
    await expect(dialog.getByText(STRICT_TEXT)).toBeVisible();
    await shots(userPage, 'weak-password');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Signed out, the login page asks for the characters of an image before it calls the server.
    await signOut(userPage);
    await expect(userPage.getByRole('img', { name: 'Security check: characters to type' })).toBeVisible();
    await userPage.getByLabel('User Name').fill('operator');
    await userPage.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await userPage.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(userPage.getByText('Please enter the characters shown in the image')).toBeVisible();
    // A wrong answer is refused by the server, and a new image is shown.
    await userPage.getByLabel('Characters in the image').fill('zzzzz');
    await userPage.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(
      userPage.getByText('The characters do not match the image. Please try again with the new image.'),
    ).toBeVisible();
    await expect(userPage.getByLabel('Characters in the image')).toHaveValue('');
    await shots(userPage, 'login-captcha');
  } finally {
    // Other journeys share this server: the policy goes back to what it was, whatever happened above.
    await restore?.(request);
    await userContext.close();
  }
});
