import { expect, type Page, test } from '@playwright/test';
import { api, DEMO_MODULE, DEMO_RECON, reconciledDemo } from './demo-recon.ts';
import { choose, openFromNav, saveAndExpectToast, shot, signIn, switchModule } from './helpers.ts';

/**
 * Issue 15's dashlets on report configs in the browser: a report over the demo bank statement (totals by debit /
 * credit), shown by a dashlet built in New Dashlet (kind Report, previewed live), placed on a dashboard whose card
 * shows the same rows the server works out; the report cannot be deleted while the dashlet shows it.
 * Named after the GL journey: it reads the demo recon's rows, which the earlier journeys need empty.
 * Each screen is captured at 1440×900 and 1280×720.
 */

test.setTimeout(240_000);

const STAMP = Date.now().toString(36);
const REPORT = `Bank by side ${STAMP}`;
const DASHLET = `Bank totals by side ${STAMP}`;
const DASHBOARD = `Report board ${STAMP}`;

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, `tmp-repdash-${name}-1440`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, `tmp-repdash-${name}-1280`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

type Sources = {
  data: { dataSourceId: number; name: string; reconName: string; columns: { name: string; label: string }[] }[];
};
type Figures = { columns: { key: string; label: string }[]; rows: Record<string, string | number>[] };

test('a dashlet shows a report’s rows on a dashboard', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  await switchModule(page, DEMO_MODULE);
  await test.step('the demo rows are loaded', () => reconciledDemo(page));

  await test.step('a report of totals by debit / credit (its own journey builds reports in the browser)', async () => {
    const sources = await api<Sources>(page, 'GET', '/v2/reports?Find=DataSources&start=0');
    const bank = sources.data.find((s) => s.name === 'Bank Statement' && s.reconName === DEMO_RECON);
    const field = (label: string) => bank?.columns.find((c) => c.label === label)?.name ?? label;
    await api(page, 'POST', '/v2/reports', {
      name: REPORT,
      dataSourceId: bank?.dataSourceId,
      columns: [{ field: field('Debit Credit'), label: 'Side' }],
      groupBy: [field('Debit Credit')],
      aggregates: [
        { function: 'SUM', field: field('Amount'), label: 'Total' },
        { function: 'COUNT', label: 'Rows' },
      ],
      sort: [{ column: 'Total', direction: 'DESC' }],
    });
  });

  await test.step('New Dashlet: kind Report, the report picked, its rows previewed', async () => {
    await openFromNav(page, 'Dashboard', 'New Dashlet');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(DASHLET);
    await choose(page, page.getByRole('combobox', { name: 'Figure', exact: true }), 'Report');
    await expect(page.getByText('Choose a report to see its first rows.')).toBeVisible();
    await choose(page, page.getByRole('combobox', { name: 'Report', exact: true }), REPORT);
    await expect(page.getByRole('columnheader', { name: 'Total' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'CR', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'DR', exact: true })).toBeVisible();
    await shots(page, '01-new-dashlet');
    await saveAndExpectToast(page, page.getByRole('button', { name: 'Save' }), 'Dashlet created');
    await expect(page.getByRole('link', { name: DASHLET })).toBeVisible();
  });

  await test.step('on a dashboard, the card shows the rows the server works out', async () => {
    await openFromNav(page, 'Dashboard', 'New Dashboard');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(DASHBOARD);
    await choose(page, page.getByRole('combobox', { name: 'Dashlets', exact: true }), DASHLET);
    await page.keyboard.press('Escape');
    await saveAndExpectToast(page, page.getByRole('button', { name: 'Save' }), 'Dashboard created');
    await expect(page.getByRole('heading', { name: DASHBOARD })).toBeVisible();
    const dashlets = await api<{ data: { id: number; name: string }[] }>(page, 'GET', '/v2/dashlets');
    const id = dashlets.data.find((d) => d.name === DASHLET)?.id;
    const figures = await api<Figures>(page, 'GET', `/v2/dashlets/${id}/data`);
    expect(figures.columns.map((c) => c.label)).toEqual(['Side', 'Total', 'Rows']);
    const card = page.getByTestId(`dashlet-${id}`);
    await expect(card.getByText(`Report: ${REPORT}`)).toBeVisible();
    const rows = card.locator('.ant-table-row');
    await expect(rows).toHaveCount(figures.rows.length);
    for (const [i, row] of figures.rows.entries()) {
      await expect(rows.nth(i).getByRole('cell').first()).toHaveText(String(row.c1));
    }
    await shots(page, '02-dashboard');
  });

  await test.step('the report cannot be deleted while the dashlet shows it', async () => {
    await openFromNav(page, 'Reports', 'Report Config List');
    const row = page.locator('.ant-table-row', { hasText: REPORT });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`The report is shown by the dashlets ${DASHLET}: delete them first`)).toBeVisible();
    await expect(row).toBeVisible();
  });
});
