import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { DEMO_PASSWORD, E2E_JWT_SECRET } from './env.ts';

const SHOTS = 'e2e/screenshots';

/** A full-page screenshot under e2e/screenshots/, for a person to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

export async function signIn(page: Page, userName: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('User Name').fill(userName);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('combobox', { name: 'Product' })).toBeVisible();
}

type StoredUser = { id: number; userName: string; authToken: string; refreshToken: string };

export async function storedUser(page: Page): Promise<StoredUser> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
}

/** Replaces the stored access token (and optionally the refresh token) by an expired one of the same session. */
export async function expireAccessToken(page: Page, options: { refreshToken?: string } = {}): Promise<string> {
  const user = await storedUser(page);
  const [, payload] = user.authToken.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as {
    sub: string;
    un: string;
    sid: string;
  };
  const now = Math.floor(Date.now() / 1000);
  const expired = await new SignJWT({ un: claims.un, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer('recon-platform')
    .setAudience('recon-web')
    .setIssuedAt(now - 3600)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
  await page.evaluate(
    ([token, refresh]) => {
      const u = JSON.parse(localStorage.getItem('user') ?? '{}');
      u.authToken = token;
      if (refresh) u.refreshToken = refresh;
      localStorage.setItem('user', JSON.stringify(u));
    },
    [expired, options.refreshToken ?? ''] as const,
  );
  return expired;
}

/**
 * Opens a page from the sidebar: a section, then its entries down to the leaf. A submenu already open
 * (its next entry visible) is not clicked again, which would close it.
 */
export async function openFromNav(page: Page, ...labels: string[]): Promise<void> {
  const nav = page.getByRole('navigation');
  const item = (label: string) => nav.getByText(label, { exact: true }).first();
  for (const [i, label] of labels.entries()) {
    const next = labels[i + 1];
    if (next && (await item(next).isVisible())) continue;
    await item(label).click();
  }
}

/** The visible options of the open Ant Design select dropdown. */
export function dropdownOptions(page: Page) {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
}

/** The product (module) switcher; its text is the selected module's name. */
export function productSwitcher(page: Page) {
  return page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Product' }) });
}
