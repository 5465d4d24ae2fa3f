import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD } from './env.ts';
import { openFromNav, settle, shot, signIn, signOut } from './helpers.ts';

/**
 * The authenticator app as a user's second factor (decision 0028), with its recovery codes: while multi-factor
 * authentication is on, the operator sets the app up from the user menu (the journey is the app: it computes the codes
 * from the key shown, with RFC 6238 through otpauth, the library the server checks them with) and keeps the ten
 * recovery codes shown; signs out and in with a code from the app, then with a recovery code (one fewer left); the
 * admin resets the app in Settings › Users. Multi-factor authentication is switched off again at the end.
 */

const USER = 'operator';
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];

test.setTimeout(180_000);

async function shots(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await settle(page);
    await shot(page, `tmp-loose-totp-${name}-${size.width}`);
  }
  await page.setViewportSize(SIZES[0] as { width: number; height: number });
}

/** The admin's calls, signed in through the API (the page is the operator's). */
async function asAdmin(page: Page) {
  const res = await page.request.post('/web/v2/login', { data: { userName: 'admin', password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const admin = await res.json();
  const headers = { authorization: `Bearer ${admin.authToken}`, 'x-user-id': String(admin.id) };
  return {
    setMfa: async (isOn: boolean) => {
      const current = await (await page.request.get('/web/v2/authConfig', { headers })).json();
      const saved = await page.request.put('/web/v2/authConfig', {
        headers,
        data: { ...current.config, multifactorAuthentication: isOn },
      });
      expect(saved.status()).toBe(200);
    },
    /** The user's authenticator removed, if they have one (a journey run before may have left it). */
    resetApp: async (userName: string) => {
      const users = await (await page.request.get('/web/v2/appusers?start=0&length=100', { headers })).json();
      const user = (users.data as { id: number; userName: string }[]).find((u) => u.userName === userName);
      if (!user) throw new Error(`no user ${userName}`);
      const status = (await page.request.delete(`/web/v2/appusers/${user.id}/totp`, { headers })).status();
      expect([200, 404]).toContain(status);
    },
  };
}

/** The code the app shows `aheadSeconds` from now (the server takes the step before and after the current one too). */
const appCode = (secret: string, aheadSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + aheadSeconds * 1000,
  });

async function typeAppCode(page: Page, code: string) {
  await page.locator('.ant-otp input').first().click();
  await page.keyboard.type(code);
}

async function passwordStep(page: Page) {
  await page.goto('/login');
  await page.getByLabel('User Name').fill(USER);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Authenticator code')).toBeVisible({ timeout: 30_000 });
}

async function openAuthenticator(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByText('Authenticator app', { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Authenticator app' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a user sets up an authenticator app, signs in with its code and with a recovery code; the admin resets it', async ({
  page,
}) => {
  const admin = await asAdmin(page);
  await admin.resetApp(USER);
  await signIn(page, USER);
  await admin.setMfa(true);
  try {
    let secret = '';
    let recoveryCodes: string[] = [];
    await test.step('the operator sets the app up from the user menu and sees the recovery codes once', async () => {
      const dialog = await openAuthenticator(page);
      await dialog.getByRole('button', { name: 'Set up authenticator app' }).click();
      await expect(
        dialog.getByRole('img', { name: 'QR code to add this account to an authenticator app' }),
      ).toBeVisible();
      secret = ((await dialog.locator('code').first().textContent()) ?? '').trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await typeAppCode(page, appCode(secret));
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      const list = dialog.getByRole('list', { name: 'Recovery codes' });
      await expect(list.getByRole('listitem')).toHaveCount(10);
      recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
      expect(new Set(recoveryCodes).size).toBe(10);
      await shots(page, '01-recovery-codes');
      await dialog.getByRole('button', { name: 'I have saved them' }).click();
      await expect(dialog.getByText('Your authenticator app is set up')).toBeVisible();
      await expect(dialog.getByText('Recovery codes left: 10 of 10')).toBeVisible();
      await expect(dialog.getByText(recoveryCodes[0] ?? '')).toHaveCount(0);
      await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('signed out, the operator signs in with the code the app shows', async () => {
      await signOut(page);
      await passwordStep(page);
      await expect(page.getByRole('button', { name: /Resend/ })).toHaveCount(0);
      // The app's next code: the code used to confirm it is never taken twice.
      await typeAppCode(page, appCode(secret, 30));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('combobox', { name: 'Product' })).toBeVisible({ timeout: 30_000 });
    });

    await test.step('then with a recovery code instead: one fewer is left', async () => {
      await signOut(page);
      await passwordStep(page);
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0] ?? '');
      await shots(page, '02-recovery-step');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(
        page.getByText('Signed in with a recovery code: 9 left. Make new ones from the user menu › Authenticator app.'),
      ).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('combobox', { name: 'Product' })).toBeVisible();
      const dialog = await openAuthenticator(page);
      await expect(dialog.getByText('Recovery codes left: 9 of 10')).toBeVisible();
      await shots(page, '03-codes-left');
      await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    });

    await test.step('a recovery code works once', async () => {
      await signOut(page);
      await passwordStep(page);
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0] ?? '');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByText('Invalid OTP')).toBeVisible();
      await expect(page).toHaveURL(/\/verify-number$/);
    });

    await test.step('the admin resets the app in Settings › Users', async () => {
      await admin.setMfa(false);
      await signIn(page, 'admin');
      await openFromNav(page, 'Settings', 'User Settings', 'Users');
      await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
      const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: USER, exact: true }) });
      await row.getByRole('button', { name: 'Reset authenticator app' }).click();
      await page.getByRole('tooltip').getByRole('button', { name: 'Yes' }).click();
      await expect(
        page.getByText('Authenticator app reset: the user signs in with a texted code until they set up another'),
      ).toBeVisible();
      await expect(row.getByRole('button', { name: 'Reset authenticator app' })).toHaveCount(0);
    });
  } finally {
    await admin.setMfa(false);
  }
});
