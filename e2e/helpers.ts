import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { SignJWT } from 'jose';
import { DEMO_PASSWORD, E2E_JWT_SECRET } from './env.ts';

const SHOTS = 'e2e/screenshots';

/**
 * A full-page screenshot under e2e/screenshots/, for a person to look at. Unless told the screen is meant to be
 * busy (an upload under way), it first waits for the screen to settle, so nothing is captured mid-fade.
 */
export async function shot(page: Page, name: string, options: { isBusy?: boolean } = {}): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  // Hover and focus effects belong to the pointer and the keyboard, not to the screen; toasts cover the header.
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await dismissToasts(page);
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  // A page taller than the window is shown whole by a taller window: the shell's fixed sidebar and header stay
  // where they belong, which a full-page capture of a scrolled page does not keep.
  if (viewport && height > viewport.height) await page.setViewportSize({ width: viewport.width, height });
  if (!options.isBusy) await settle(page);
  // Chromium now and then never answers a capture (seen after the approval drawer's popconfirm closed, and with a
  // modal open on a machine with a load average of 13): a capture that has not come within 20 s is asked for again,
  // once. A screenshot is a record for people, not an assertion: one that still does not come is noted on the test.
  const capture = () => page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled', timeout: 20_000 });
  await capture()
    .catch(capture)
    .catch((error: Error) =>
      test.info().annotations.push({ type: 'screenshot missing', description: `${name}: ${error.message}` }),
    );
  if (viewport && height > viewport.height) await page.setViewportSize(viewport);
}

/** Closes the toasts showing (success and error notifications); one may be leaving by itself meanwhile. */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('.ant-notification-notice');
  const close = toasts.getByRole('button', { name: 'Close' });
  for (let tries = 0; tries < 10 && (await close.count()) > 0; tries++) {
    await close
      .first()
      .click({ timeout: 1000 })
      .catch(() => undefined);
  }
  await expect(toasts).toHaveCount(0);
}

/**
 * Clicks a button that saves and waits for its success toast. The toasts of earlier saves are closed first: two
 * tables created in a row otherwise show two "Successfully Created" at once (a strict-mode failure in CI).
 */
export async function saveAndExpectToast(page: Page, button: Locator, toast: string): Promise<void> {
  // Closing a toast is a click outside a popconfirm, which closes it with the button in it: a popconfirm's button
  // waits for earlier toasts to leave by themselves (2.5 s each) instead, as a user would wait to read them.
  const inPopover = await button.evaluate((element) => element.closest('.ant-popover') !== null);
  if (inPopover) await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 15_000 });
  else await dismissToasts(page);
  await button.click();
  await expect(page.locator('.ant-notification-notice-title', { hasText: toast })).toBeVisible();
}

/** What shows while data loads: spinners, a table's blurred previous page, skeletons. */
const LOADING = '.ant-spin-spinning, .ant-spin-blur, .ant-skeleton-active, .ant-table-placeholder .ant-spin';

/**
 * Waits until nothing loads and no finite animation or transition runs (a table or drawer fading in, a toast
 * sliding). Endless ones (spinner icons, an active progress bar) are not waited for.
 */
export async function settle(page: Page): Promise<void> {
  // A loaded machine (CI) may keep a page's queries in flight past the default 10 s: the user waits for them too.
  await expect(page.locator(LOADING)).toHaveCount(0, { timeout: 30_000 });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
}

/** Signs in from the login page. Nobody may be signed in: /login sends a signed-in user back into the app. */
export async function signIn(page: Page, userName: string): Promise<void> {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('User Name').fill(userName);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  // A sign-in on a busy machine can take its time (the password hash, the first pages' code); a click that left the
  // page as it was, with no refusal shown, is made again, as a user would.
  await expect(async () => {
    if (/\/login$/.test(page.url())) await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Product' })).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 45_000 });
}

/**
 * Signs out through the user menu and waits for the login page, which shows only once the server has answered the
 * logout call and the session is cleared (before that, /login would send the user back into the app).
 */
export async function signOut(page: Page): Promise<void> {
  // A click on the menu while a toast or the menu itself is still moving can miss; a user clicks again.
  await expect(async () => {
    if (!/\/login$/.test(page.url())) {
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByText('Logout', { exact: true }).click({ timeout: 5_000 });
    }
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
  }).toPass({ timeout: 40_000 });
  await expect(page.getByLabel('User Name')).toBeVisible();
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
 * Opens a page from the sidebar: a section, then its entries down to the page, each looked for inside the one
 * before. A submenu already open is not clicked again (that would close it). The menu may still move under the
 * pointer (a submenu sliding open, the branch of a page just arrived at opening above), so each click is checked
 * by what the user sees: the submenu open, then the page's entry selected; a click that landed elsewhere is made
 * again.
 */
export async function openFromNav(page: Page, ...labels: string[]): Promise<void> {
  const exactly = (label: string) => page.getByText(label, { exact: true });
  let scope = page.getByRole('navigation').locator('ul.ant-menu-root');
  for (const [i, label] of labels.entries()) {
    const isPage = i === labels.length - 1;
    // The outermost match is the entry itself: a submenu also holds the entries of its own submenus.
    const entry = isPage
      ? scope
          .locator('li.ant-menu-item')
          .filter({ has: exactly(label) })
          .first()
      : scope
          .locator('li.ant-menu-submenu')
          .filter({ has: exactly(label) })
          .first();
    const target = isPage ? entry : entry.locator(':scope > .ant-menu-submenu-title');
    await expect(async () => {
      await settle(page);
      if (isPage) {
        await target.click({ timeout: 5_000 });
        await expect(entry).toHaveClass(/\bant-menu-item-selected\b/, { timeout: 2_000 });
      } else {
        if ((await target.getAttribute('aria-expanded')) !== 'true') await target.click({ timeout: 5_000 });
        await expect(target).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
      }
    }).toPass({ timeout: 30_000 });
    scope = entry;
  }
  await settle(page);
}

const tableRows = (page: Page) => page.locator('.ant-table-row');

/**
 * A transactions tab's rows: when the date range holds none, the range up to the latest day with rows. Decided only
 * once the table has settled, since the empty state of the previous query shows while the next one loads.
 */
export async function showRows(page: Page): Promise<void> {
  const latest = page.getByRole('button', { name: /^Show the days up to / });
  await settle(page);
  await expect(tableRows(page).first().or(latest)).toBeVisible({ timeout: 20_000 });
  await settle(page);
  if (await latest.isVisible()) await latest.click();
  await expect(tableRows(page).first()).toBeVisible();
  await settle(page);
}

/**
 * The cell of a table row under the column headed `title`, found by that heading's place: the selection column comes
 * first, so a fixed index would read the column next to the one meant.
 */
export async function cellUnder(row: Locator, title: string): Promise<Locator> {
  const headings = row.locator('xpath=ancestor::table[1]').locator('thead th');
  const index = (await headings.allTextContents()).findIndex((text) => text.trim() === title);
  expect(index, `a column headed ${title}`).toBeGreaterThan(-1);
  return row.locator('td').nth(index);
}

/**
 * The options of the select named `name`, in its own dropdown: another select's dropdown may still be fading out.
 * The select's input names its list (aria-controls) and that list sits inside its dropdown.
 */
export async function openOptions(page: Page, select: Locator): Promise<Locator> {
  await select.click();
  const list = await select.getAttribute('aria-controls');
  if (!list) throw new Error('the select names no list (aria-controls)');
  return page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${list}"]`) })
    .locator('.ant-select-item-option');
}

/** The visible options of the open Ant Design select dropdown. */
export function dropdownOptions(page: Page) {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
}

/** The product (module) switcher; its text is the selected module's name. */
export function productSwitcher(page: Page) {
  return page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Product' }) });
}

/**
 * Picks an option of an Ant Design select: opens it, types to narrow the list to the option, and takes the first
 * match with Enter (a click waits for the list to stop moving, which an open list realigning may never do).
 */
export async function choose(page: Page, select: Locator, option: string): Promise<void> {
  // The page just opened may still replace the select (its route loading, its options arriving), closing the list
  // that was typed into: the user then opens it again, and so does this.
  await expect(async () => {
    await select.click();
    await select.fill(option);
    await expect(dropdownOptions(page).filter({ hasText: option, visible: true }).first()).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await select.press('Enter');
  // The select (the combobox's nearest .ant-select) now shows the option.
  await expect(
    select.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]'),
  ).toContainText(option);
}

/** Makes the given module the current one (the product switcher), unless it already is. */
export async function switchModule(page: Page, name: string): Promise<void> {
  const product = productSwitcher(page);
  if ((await product.textContent())?.includes(name)) return;
  // A click on an option while the list is still opening or re-rendering can miss (a CI run saw the list stay open
  // on the old module): the user would pick it again, and so does this.
  await expect(async () => {
    const option = dropdownOptions(page).filter({ hasText: name });
    if (!(await option.isVisible())) await product.click();
    await option.click({ timeout: 5_000 });
    await expect(product).toContainText(name, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/** Slows the browser's uploads to the given bytes per second (0: no limit), so their progress can be watched. */
export async function throttleUploads(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond > 0 ? bytesPerSecond : -1,
  });
}

/**
 * Uploads the demo samples through the job's "Upload files and run job" form and waits for the run to end
 * (completed or partially completed: the samples' invalid rows are set aside); the run drawer is closed after.
 */
export async function uploadSamplesAndRunJob(page: Page, job: string, samples: readonly string[]): Promise<void> {
  await openFromNav(page, 'Operations', 'Jobs');
  await page.getByRole('button', { name: `Upload files and run job ${job}` }).click();
  for (const [i, sample] of samples.entries()) {
    const chooser = page.waitForEvent('filechooser');
    await page.getByText('Click or drop files for this pipeline').nth(i).click();
    await (await chooser).setFiles(sample);
  }
  await expect(page.getByRole('cell', { name: 'Waiting to run' })).toHaveCount(samples.length, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Run Job' }).click();
  const drawer = page.getByRole('dialog', { name: new RegExp(`^${job} Run #\\d+ `) });
  await expect(drawer).toHaveAccessibleName(/ (Completed|Partially Completed)$/, { timeout: 90_000 });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

/**
 * Rolls back the job's latest run from Execution History, giving the reason the dialog asks for, and waits until the
 * run reads Rollback: a journey that loaded the demo samples leaves the demo recon as it found it.
 */
export async function rollBackLatestRun(page: Page, job: string, reason: string): Promise<void> {
  await openFromNav(page, 'Operations', 'History', 'Execution History');
  await expect(page.getByRole('heading', { name: 'Execution History' })).toBeVisible();
  await page
    .getByRole('row', { name: new RegExp(job) })
    .first()
    .getByRole('button', { name: job })
    .click();
  const drawer = page.getByRole('dialog', { name: new RegExp(`^${job} Run #\\d+ `) });
  await drawer.getByRole('button', { name: 'Rollback' }).click();
  const modal = page.locator('.ant-modal').filter({ hasText: /Roll back run #\d+ of/ });
  await expect(modal.getByRole('heading', { name: 'Recon runs undone' })).toBeVisible();
  await modal.getByLabel('Reason for the rollback').fill(reason);
  await modal.getByRole('button', { name: 'Roll back' }).click();
  await expect(modal).toBeHidden();
  await expect(drawer).toHaveAccessibleName(/ Rollback$/, { timeout: 120_000 });
}

/**
 * Calls the API as the demo admin, signed in through the API (not the page): for a journey's clean-up, e.g. removing
 * the SAML registration or LDAP directory it set up, so later journeys on the shared server do not see them.
 */
export async function adminApi(page: Page) {
  const res = await page.request.post('/web/v2/login', { data: { userName: 'admin', password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const user = await res.json();
  const headers = { authorization: `Bearer ${user.authToken}`, 'x-user-id': String(user.id) };
  return {
    get: async (path: string) => (await page.request.get(`/web${path}`, { headers })).json(),
    delete: async (path: string) => (await page.request.delete(`/web${path}`, { headers })).status(),
  };
}
