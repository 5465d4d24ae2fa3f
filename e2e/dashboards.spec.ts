import { expect, type Page, test } from '@playwright/test';
import { api, DEMO_MODULE, DEMO_RECON } from './demo-recon.ts';
import { choose, openFromNav, saveAndExpectToast, shot, signIn, switchModule } from './helpers.ts';

/**
 * Issue 15's dashboards in the browser: the operator's first entry (Dashboard › All Dashboard) shows the module's
 * Recon health dashboard; a user builds a dashlet (match rate of the demo recon, previewed live), a dashboard
 * showing it, opens the dashboard from the dynamic menu and sees its figures — the same the server works out.
 * Each screen is captured at 1440×900 and 1280×720.
 */

test.setTimeout(180_000);

const STAMP = Date.now().toString(36);
const DASHLET = `Gateway match ${STAMP}`;
const DASHBOARD = `Month end ${STAMP}`;

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, `tmp-dash-${name}-1440`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, `tmp-dash-${name}-1280`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('builds a dashlet and a dashboard and sees its figures', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  await switchModule(page, DEMO_MODULE);

  await test.step('All Dashboard shows the module’s Recon health dashboard', async () => {
    await openFromNav(page, 'Dashboard', 'All Dashboard');
    await expect(page.getByRole('heading', { name: 'All Dashboard' })).toBeVisible();
    await expect(page.getByText('Recon health').first()).toBeVisible();
    await expect(page.getByText('Runs and failures', { exact: true })).toBeVisible();
    await shots(page, '01-all');
  });

  await test.step('a dashlet: match rate of the demo recon, previewed live', async () => {
    await openFromNav(page, 'Dashboard', 'New Dashlet');
    await expect(page.getByRole('heading', { name: 'New Dashlet' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(DASHLET);
    await choose(page, page.getByRole('combobox', { name: 'Recon', exact: true }), DEMO_RECON);
    // The demo recon's rows may not be loaded yet at this point of the journeys: either shows the server's figures.
    await expect(
      page.getByText(/\d+ of \d+ rows matched, \d+ open/).or(page.getByText('No rows loaded in this recon yet')),
    ).toBeVisible();
    await shots(page, '02-new-dashlet');
    await saveAndExpectToast(page, page.getByRole('button', { name: 'Save' }), 'Dashlet created');
    await expect(page.getByRole('heading', { name: 'Dashlet List' })).toBeVisible();
    await expect(page.getByRole('link', { name: DASHLET })).toBeVisible();
    await shots(page, '03-dashlet-list');
  });

  await test.step('a dashboard showing it, opened from the dynamic menu, with its figures', async () => {
    await openFromNav(page, 'Dashboard', 'New Dashboard');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(DASHBOARD);
    await choose(page, page.getByRole('combobox', { name: 'Dashlets', exact: true }), DASHLET);
    // A multiple select stays open for more choices: the user closes it.
    await page.keyboard.press('Escape');
    await saveAndExpectToast(page, page.getByRole('button', { name: 'Save' }), 'Dashboard created');
    await expect(page.getByRole('heading', { name: DASHBOARD })).toBeVisible();
    // The figures are the server's: the same match rate as the dashlet's own data call.
    const dashlets = await api<{ data: { id: number; name: string }[] }>(page, 'GET', '/v2/dashlets');
    const id = dashlets.data.find((d) => d.name === DASHLET)?.id;
    const figures = await api<{
      headline: { value: string };
      rows: { total: number; matched: number; open: number }[];
    }>(page, 'GET', `/v2/dashlets/${id}/data`);
    const card = page.getByTestId(`dashlet-${id}`);
    const total = figures.rows.at(-1);
    if (total && total.total > 0) {
      await expect(card.getByText(figures.headline.value, { exact: true })).toBeVisible();
      await expect(card.getByText(`${total.matched} of ${total.total} rows matched, ${total.open} open`)).toBeVisible();
    } else {
      await expect(card.getByText('No rows loaded in this recon yet')).toBeVisible();
    }
    await shots(page, '04-dashboard');
    await openFromNav(page, 'Dashboard', 'All Dashboard');
    await openFromNav(page, 'Dashboard', DASHBOARD);
    await expect(page.getByRole('heading', { name: DASHBOARD })).toBeVisible();
  });
});
