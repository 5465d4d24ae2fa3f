import { expect, type Page, test } from '@playwright/test';
import { api, DEMO_JOB, DEMO_MODULE, DEMO_RECON, DEMO_SAMPLES } from './demo-recon.ts';
import {
  cellUnder,
  choose,
  openFromNav,
  settle,
  shot,
  showRows,
  signIn,
  signOut,
  switchModule,
  uploadSamplesAndRunJob,
} from './helpers.ts';

/**
 * Maker-checker in the browser (decision 0010): the admin makes bulk knock-off need approval in Module Settings and
 * knocks off two open rows — they are sent for approval, nothing changes; the checker signs in, opens My Jobs ›
 * Approvals, reads the request (the rows and the reason) and approves it; the rows then show in the Knock off tab.
 *
 * Named to run last (journeys share one server and run in file order): it loads the demo samples when the recon is
 * empty and leaves its knock-off run behind, while the ingest, reconciliation and rollbacks journeys need the demo
 * recon empty and the sample file names unused.
 */

const MODULE = DEMO_MODULE;
const RECON = DEMO_RECON;
const JOB = DEMO_JOB;
const SAMPLES = DEMO_SAMPLES;
const REASON = 'Duplicate gateway test entries (approvals journey)';

test.setTimeout(240_000);

/** The demo recon needs open rows: when nothing is loaded yet, the demo job loads both samples and runs it. */
async function loadDemoRows(page: Page) {
  const recons = await api<{ data: { id: number; name: string; dataSources: { id: number; side: string }[] }[] }>(
    page,
    'GET',
    '/v2/transactions?Find=Recons',
  );
  const recon = recons.data.find((r) => r.name === RECON);
  const sideA = recon?.dataSources.find((d) => d.side === 'A');
  if (!recon || !sideA) throw new Error(`the demo recon ${RECON} with its side A is missing`);
  const open = await api<{ recordsTotal: number }>(
    page,
    'GET',
    `/v2/transactions?Find=ByTab&tab=unreconciled&reconId=${recon.id}&dataSourceId=${sideA.id}&length=1`,
  );
  if (open.recordsTotal >= 2) return;
  await uploadSamplesAndRunJob(page, JOB, SAMPLES);
}

async function setBulkKnockOffApproval(page: Page, isOn: boolean) {
  await openFromNav(page, 'Settings', 'Module Settings');
  await expect(page.getByRole('heading', { name: 'Module Settings' })).toBeVisible();
  await page.getByRole('button', { name: `Edit ${MODULE}` }).click();
  const modal = page.getByRole('dialog', { name: 'Edit Module' });
  const toggle = modal.getByRole('switch', { name: 'Bulk knock-off needs approval' });
  // The dialog zooms in: a click during the animation can miss the switch.
  await expect(toggle).toBeVisible();
  await settle(page);
  if ((await toggle.getAttribute('aria-checked')) !== String(isOn)) await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', String(isOn));
  if (isOn) await shot(page, 'approvals-01-module-switch');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(MODULE) });
  await expect(row).toContainText(isOn ? 'Needs approval' : 'Direct');
}

test('a bulk knock-off waits for the checker, who approves it in My Jobs › Approvals', async ({ page }) => {
  await signIn(page, 'admin');
  await switchModule(page, MODULE);

  await test.step('the admin makes bulk knock-off need approval', () => setBulkKnockOffApproval(page, true));
  await test.step('the demo recon has open rows', () => loadDemoRows(page));

  const references: string[] = [];
  await test.step('two open rows knocked off are sent for approval; nothing changes yet', async () => {
    await openFromNav(page, 'Transactions', 'Recon', 'Unreconciled');
    await expect(page.getByRole('heading', { name: 'Unreconciled' })).toBeVisible();
    await showRows(page);
    const rows = page.locator('.ant-table-row');
    for (const i of [0, 1]) {
      references.push(((await (await cellUnder(rows.nth(i), 'Reference')).textContent()) ?? '').trim());
      await rows.nth(i).getByRole('checkbox').check();
    }
    // The demo bank rows' references (a date read from the column beside it would match several rows).
    for (const reference of references) expect(reference).toMatch(/^BNK\d{7}$/);
    await expect(page.getByText(/^2 rows selected/)).toBeVisible();
    await page.getByRole('button', { name: 'Knock off' }).click();
    const modal = page.getByRole('dialog', { name: 'Knock off 2 rows' });
    await modal.getByLabel('Reason').fill(REASON);
    await modal.getByRole('button', { name: 'Knock off 2 rows' }).click();
    await expect(page.getByText('Sent for approval')).toBeVisible();
    await expect(modal).toBeHidden();
    await shot(page, 'approvals-02-sent-for-approval');
    // Still open: the first reference is still listed in the Unreconciled tab.
    if (references[0])
      await expect(page.locator('.ant-table-row').filter({ hasText: references[0] }).first()).toBeVisible();
  });

  await test.step('the admin signs out', () => signOut(page));

  await test.step('the checker sees the request in My Jobs › Approvals and approves it', async () => {
    await signIn(page, 'checker');
    await switchModule(page, MODULE);
    await openFromNav(page, 'My Jobs', 'Approvals');
    await expect(page.getByRole('heading', { name: 'Approvals' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Knock off 2 rows' }).first();
    await expect(row).toContainText('admin');
    await expect(row).toContainText('Action Pending');
    await shot(page, 'approvals-03-list');
    await row.getByRole('button', { name: /^#\d+$/ }).click();
    const drawer = page.getByRole('dialog', { name: /^Approval #\d+ / });
    await expect(drawer.getByText(REASON)).toBeVisible();
    await expect(drawer.locator('.ant-table-row')).toHaveCount(2);
    await shot(page, 'approvals-04-request');
    await drawer.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Request approved')).toBeVisible();
    await expect(drawer.getByText('Approved', { exact: true }).first()).toBeVisible();
    await expect(drawer.getByText('Knock off', { exact: true }).first()).toBeVisible();
    await shot(page, 'approvals-05-approved');
    await page.keyboard.press('Escape');
  });

  await test.step('the rows show in the Knock off tab with the reason', async () => {
    await openFromNav(page, 'Transactions', 'Recon', 'Knock off');
    await expect(page.getByRole('heading', { name: 'Knocked Off' })).toBeVisible();
    await choose(page, page.getByRole('combobox', { name: 'Date Column' }), 'Loaded At');
    await showRows(page);
    const knocked = page.locator('.ant-table-row').filter({ hasText: REASON });
    await expect(knocked).toHaveCount(2);
    for (const reference of references) await expect(knocked.filter({ hasText: reference })).toHaveCount(1);
    await shot(page, 'approvals-06-knocked-off');
  });

  await test.step('the admin turns the switch off again', async () => {
    await signOut(page);
    await signIn(page, 'admin');
    await switchModule(page, MODULE);
    await setBulkKnockOffApproval(page, false);
  });
});
