import { expect, type Page, test } from '@playwright/test';
import { openFromNav, settle, signIn } from './helpers.ts';

declare global {
  interface Window {
    __cspViolations: string[];
    __injected?: boolean;
  }
}

/** Every Content-Security-Policy violation the page reports, kept from the first script on. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
}

const violations = (page: Page) => page.evaluate(() => window.__cspViolations);

test('the built app runs under its Content-Security-Policy, which refuses an injected script', async ({ page }) => {
  const consoleCsp: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) consoleCsp.push(m.text());
  });
  await recordViolations(page);

  const login = await page.goto('/login');
  const policy = login?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");

  // The pages that load the most: the signed-in frame, a table of money, the rules, the settings.
  await signIn(page, 'admin');
  await settle(page);
  await openFromNav(page, 'Transactions', 'Recon', 'Reconciled');
  await expect(page.getByRole('heading', { name: 'Reconciled' })).toBeVisible();
  await settle(page);
  await openFromNav(page, 'Operations', 'Configuration', 'Recon Rules');
  await settle(page);
  await openFromNav(page, 'Settings', 'Audit Logs');
  await expect(page.getByRole('heading', { name: 'Audit Logs' })).toBeVisible();
  await settle(page);
  expect(await violations(page)).toEqual([]);
  expect(consoleCsp).toEqual([]);

  // What an attacker's injected markup would try: an inline script. The policy keeps it from running.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
  });
  await expect.poll(() => violations(page)).toEqual([expect.stringMatching(/^script-src(-elem)? inline/)]);
  expect(await page.evaluate(() => window.__injected)).toBeUndefined();
});
