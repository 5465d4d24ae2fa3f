import { expect, type Page, test } from '@playwright/test';
import { api, DEMO_JOB, DEMO_MODULE, DEMO_SAMPLES } from './demo-recon.ts';
import { openFromNav, rollBackLatestRun, shot, signIn, switchModule } from './helpers.ts';

/**
 * Alerts and file approval (issue 14, decision 0033): the admin runs a job whose files need approval — the run stops
 * once its files are loaded; the checker signs in, sees the alert count on the bell, opens the alert, approves the
 * files in My Jobs › File Approvals and the run goes on to complete. The admin then rolls the run back, so the demo
 * recon is empty again and the sample file names free for the journeys after this one (it runs first, by name).
 */

const JOB = 'Alerts Approval Load';
const REASON = 'Alerts journey: leave the demo recon empty';

test.setTimeout(300_000);

type JobDetail = { id: number; activities: { sequence: number; type: string; activity: { typeId: number | null } }[] };

/** A copy of the demo job (both pipelines, then the recon) with file approval on; made once per server. */
async function ensureApprovalJob(page: Page) {
  const jobs = await api<{ data: { id: number; name: string }[] }>(page, 'GET', '/v2/jobs');
  if (jobs.data.some((j) => j.name === JOB)) return;
  const demo = jobs.data.find((j) => j.name === DEMO_JOB);
  if (!demo) throw new Error(`the demo job ${DEMO_JOB} is missing`);
  const detail = await api<JobDetail>(page, 'GET', `/v2/jobs/${demo.id}`);
  await api(page, 'POST', '/v2/jobs', {
    name: JOB,
    description: 'The demo load, with its files approved by a checker before the recon runs',
    noOfRetrial: 0,
    retrialInterval: 0,
    scheduleType: 'MANUAL',
    eventName: null,
    dashboardId: 1,
    fileApprovalEnabled: true,
    activities: detail.activities.map((a) => ({
      sequence: a.sequence,
      enabled: true,
      type: a.type,
      activity: { typeId: a.activity.typeId, pipelineSource: a.type === 'PIPE_LINE' ? 'FILE' : null },
      bulkProcessorActivityDetails: null,
      disputeActivity: null,
    })),
    jobFilters: [],
    dataSources: null,
    conflictJobs: null,
    reconId: null,
  });
}

/** Uploads the samples and runs the job; answers the run's number once it waits for file approval. */
async function runUntilApprovalWaits(page: Page): Promise<number> {
  await openFromNav(page, 'Operations', 'Jobs');
  await page.getByRole('button', { name: `Upload files and run job ${JOB}` }).click();
  for (const [i, sample] of DEMO_SAMPLES.entries()) {
    const chooser = page.waitForEvent('filechooser');
    await page.getByText('Click or drop files for this pipeline').nth(i).click();
    await (await chooser).setFiles(sample);
  }
  await expect(page.getByRole('cell', { name: 'Waiting to run' })).toHaveCount(DEMO_SAMPLES.length, {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Run Job' }).click();
  const drawer = page.getByRole('dialog', { name: new RegExp(`^${JOB} Run #\\d+ `) });
  await expect(drawer).toHaveAccessibleName(/ File Approval Pending$/, { timeout: 90_000 });
  const name =
    (await drawer.getAttribute('aria-label')) ?? (await drawer.locator('.ant-drawer-title').textContent()) ?? '';
  const runId = Number(/Run #(\d+)/.exec(name)?.[1]);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  return runId;
}

/** A screenshot at 1440×900 and at 1280×720. */
async function shots(page: Page, name: string) {
  await shot(page, `tmp-notify-${name}-1440`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, `tmp-notify-${name}-1280`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a checker sees the alert, approves the files in My Jobs › File Approvals, and the run completes', async ({
  page: adminPage,
  browser,
}) => {
  await signIn(adminPage, 'admin');
  await switchModule(adminPage, DEMO_MODULE);
  await test.step('a job whose files need approval', () => ensureApprovalJob(adminPage));
  const runId = await test.step('the admin runs it: the run waits once its files are loaded', () =>
    runUntilApprovalWaits(adminPage));

  // The checker is another person at another browser.
  const { baseURL, viewport } = test.info().project.use;
  const checkerContext = await browser.newContext({ baseURL, viewport });
  const page = await checkerContext.newPage();
  await test.step('the checker sees the alert count and opens the alert', async () => {
    await signIn(page, 'checker');
    await switchModule(page, DEMO_MODULE);
    const bell = page.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ });
    await expect(bell).toBeVisible({ timeout: 30_000 });
    await bell.click();
    const item = page.getByTestId('bell-item').filter({ hasText: `Files of run #${runId} (${JOB})` });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Approval waiting for me');
    await shots(page, 'bell');
    await item.getByRole('button', { name: /^View Details/ }).click();
    await expect(page).toHaveURL(new RegExp(`/my-jobs/file-approvals\\?executionId=${runId}$`));
  });

  await test.step('the checker reads what the files loaded and approves them', async () => {
    await expect(page.getByRole('heading', { name: 'File Approvals' })).toBeVisible();
    const card = page.locator('.ant-card').filter({ hasText: `Run #${runId}` });
    await expect(card).toContainText(JOB);
    await expect(card).toContainText('Started by admin');
    await expect(card.getByText('bank_statement.csv')).toBeVisible();
    await expect(card.getByText('pg_settlement.csv')).toBeVisible();
    await expect(card.getByRole('button', { name: /Approve/ })).toBeVisible();
    await shots(page, 'file-approvals');
    await card.getByRole('button', { name: /Approve/ }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Files approved: the run continues')).toBeVisible();
    await expect(card).toBeHidden();
  });

  await test.step('the run goes on and completes', async () => {
    await expect
      .poll(async () => (await api<{ status: string }>(page, 'GET', `/v2/jobexecutions/${runId}`)).status, {
        timeout: 120_000,
      })
      .toMatch(/^(COMPLETED|PARTIALLY_COMPLETED)$/);
    await expect(page.getByText('No run waits for file approval.')).toBeVisible();
  });

  await test.step('My Jobs › Alerts lists the alert, read', async () => {
    await openFromNav(page, 'My Jobs', 'Alerts');
    await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: `Files of run #${runId}` });
    await expect(row).toContainText('Read');
    await shots(page, 'alerts');
  });

  await checkerContext.close();

  await test.step('the admin looks at their notification choices and rolls the run back', async () => {
    await openFromNav(adminPage, 'Settings', 'Notifications');
    await expect(adminPage.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    await expect(adminPage.getByRole('switch', { name: 'Approval waiting for me: In the app' })).toBeChecked();
    await shots(adminPage, 'settings');
    await rollBackLatestRun(adminPage, JOB, REASON);
  });
});
