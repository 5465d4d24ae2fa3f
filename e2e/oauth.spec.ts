import { expect, type Page, test } from '@playwright/test';
import { startOAuthProvider } from '../apps/server/src/testing/oauth-provider.ts';
import { api, DEMO_MODULE } from './demo-recon.ts';
import { E2E_OAUTH_CLIENT, E2E_OAUTH_PORT } from './env.ts';
import { openFromNav, shot, signIn, switchModule } from './helpers.ts';

const MAILBOX = 'settlements@payments.example';

// Screenshots at two sizes on a shared machine: more than the default minute.
test.setTimeout(150_000);

/** Both sizes a finance user works at. */
async function shots(page: Page, name: string) {
  const size = page.viewportSize();
  await shot(page, `tmp-oauth-${name}-1440`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, `tmp-oauth-${name}-1280`);
  if (size) await page.setViewportSize(size);
}

test('an admin connects a Gmail account through the provider popup, sees it connected, and disconnects it', async ({
  page,
}) => {
  // The server's gmail addresses point here (playwright.config.ts).
  const provider = await startOAuthProvider({ ...E2E_OAUTH_CLIENT, port: E2E_OAUTH_PORT, email: MAILBOX });
  try {
    await signIn(page, 'admin');
    await page.goto('/settings/integrations/o-auth');
    await expect(page.getByRole('heading', { name: 'OAuth' })).toBeVisible();
    await expect(page.getByText('No mail account connected yet.')).toBeVisible();
    await expect(page.getByText('No payment gateway linked yet.')).toBeVisible();
    await shots(page, 'empty');

    // The provider's popup: it signs the user in at once and sends them back to /oauth/gmail, which hands the code to
    // this page and closes.
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Connect Gmail' }).click();
    const popup = await popupOpened;
    await popup.waitForEvent('close');
    await expect(page.getByText('Account connected', { exact: true })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(MAILBOX) });
    await expect(row).toContainText('Gmail');
    await expect(row).toContainText('Connected');
    await expect(row).toContainText('connected by admin');
    expect(provider.state.tokenRequests.map((r) => r.grant_type)).toEqual(['authorization_code']);
    // No token reaches the page.
    const html = await page.content();
    for (const token of provider.state.issued) expect(html).not.toContain(token);
    await shots(page, 'connected');

    await page.getByRole('button', { name: /Link with API key/ }).click();
    await expect(page.getByRole('dialog')).toContainText('Link Razorpay with an API key');
    await shots(page, 'api-key');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: /Disconnect/ }).click();
    await expect(page.getByText(`Disconnect ${MAILBOX}?`, { exact: false })).toBeVisible();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /Disconnect/ })
      .click();
    await expect(page.getByText('Account disconnected', { exact: true })).toBeVisible();
    await expect(row).toContainText('Disconnected');
    await expect(row.getByRole('button', { name: /Reconnect/ })).toBeVisible();
    expect(provider.state.revoked.length).toBe(1);
    await shots(page, 'disconnected');
  } finally {
    await provider.close();
  }
});

/** Three gateway settlement rows no other journey loads (their own transaction ids). */
const SETTLEMENT_CSV = [
  'Transaction ID,Order ID,UTR,Transaction Date,Settlement Date,Gross Amount,Fee,Tax,Net Amount,Status',
  'TXN99000001,ORD9900001,990000000001,2026-11-25 10:15:00,2026-11-26,1000.00,18.00,3.24,978.76,SUCCESS',
  'TXN99000002,ORD9900002,990000000002,2026-11-25 11:20:00,2026-11-26,2500.50,45.01,8.10,2447.39,SUCCESS',
  'TXN99000003,ORD9900003,990000000003,2026-11-25 12:30:00,2026-11-26,740.00,13.32,2.40,724.28,SUCCESS',
].join('\n');
const MAIL_JOB = 'Gateway settlements from mail';

test('a job fetches the settlement CSV a connected mailbox received and loads it; the run shows the mail', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const provider = await startOAuthProvider({ ...E2E_OAUTH_CLIENT, port: E2E_OAUTH_PORT, email: MAILBOX });
  const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
  provider.state.messages.push(
    {
      id: 'mail-settlement-26',
      from: 'Gateway Settlements <settlements@gateway.example>',
      subject: 'Settlement report 26-11-2026',
      date: tenMinutesAgo,
      attachments: [{ filename: 'pg_settlement_26-11-2026.csv', content: SETTLEMENT_CSV }],
    },
    {
      id: 'mail-offer',
      from: 'Offers <offers@shop.example>',
      subject: 'Settlement report special offer',
      date: tenMinutesAgo,
      attachments: [{ filename: 'pg_settlement_offer.csv', content: SETTLEMENT_CSV }],
    },
  );
  try {
    await signIn(page, 'admin');
    await switchModule(page, DEMO_MODULE);
    await page.goto('/settings/integrations/o-auth');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Connect Gmail' }).click();
    await (await popupOpened).waitForEvent('close');
    await expect(page.getByText('Account connected', { exact: true })).toBeVisible();

    // The rule and the job, as an admin sets them up on their pages (those pages have journeys of their own).
    const pipelines = await api<{ data: { id: number; name: string }[] }>(page, 'GET', '/v2/pipeline/all');
    const pipeline = pipelines.data.find((p) => p.name === 'PG Settlement Upload');
    if (!pipeline) throw new Error('the demo pipeline PG Settlement Upload is missing');
    const rule = await api<{ id: number }>(page, 'POST', '/v2/emailParsingConfig', {
      name: 'Gateway settlement mails',
      sender: '*@gateway.example',
      subjectPattern: 'Settlement report *',
      attachmentPattern: 'pg_settlement_*.csv',
      pipelineId: pipeline.id,
      isActive: true,
    });
    // The rule's page: the form's examples (from the text bundle) say what each pattern takes.
    await openFromNav(page, 'Settings', 'Integrations', 'Email Parsing Config');
    await expect(page.getByRole('row', { name: /Gateway settlement mails/ })).toBeVisible();
    await page.getByRole('button', { name: 'Create Rule' }).click();
    const form = page.getByRole('dialog', { name: 'Create Rule' });
    await expect(form.getByPlaceholder('reports@bank.example')).toBeVisible();
    await shots(page, 'email-parsing-form');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();

    const activity = (sequence: number, type: string, typeId: number, pipelineSource: string | null) => ({
      sequence,
      enabled: true,
      type,
      activity: { typeId, pipelineSource },
      bulkProcessorActivityDetails: null,
      disputeActivity: null,
    });
    const job = await api<{ id: number }>(page, 'POST', '/v2/jobs', {
      name: MAIL_JOB,
      description: 'Loads the gateway settlement mailed each morning',
      noOfRetrial: 0,
      retrialInterval: 0,
      scheduleType: 'MANUAL',
      eventName: null,
      dashboardId: null,
      activities: [activity(1, 'EMAIL_FETCH', rule.id, null), activity(2, 'PIPE_LINE', pipeline.id, 'FILE')],
      jobFilters: [],
      dataSources: null,
      conflictJobs: null,
      reconId: null,
    });

    // The job editor shows the Email Fetch activity with its rule.
    await page.goto(`/operations/jobs/${job.id}/edit-job/0`);
    await expect(page.getByTestId('activity-row-1')).toContainText('Gateway settlement mails');
    await expect(page.getByTestId('activity-row-1')).toContainText('All mailboxes');
    await shots(page, 'job-email-fetch');

    await api(page, 'POST', '/v2/jobs?opertionType=MANUAL_JOB_EXEC', { id: job.id, jobExecutionParam: {} });
    await openFromNav(page, 'Operations', 'History', 'Execution History');
    await page
      .getByRole('row', { name: new RegExp(MAIL_JOB) })
      .first()
      .getByRole('button', { name: MAIL_JOB })
      .click();
    const drawer = page.getByRole('dialog', { name: new RegExp(`^${MAIL_JOB} Run #\\d+ `) });
    await expect(drawer).toHaveAccessibleName(/ Completed$/, { timeout: 90_000 });
    const mail = drawer.getByRole('row', { name: /pg_settlement_26-11-2026\.csv/ }).first();
    await expect(mail).toContainText('Settlement report 26-11-2026');
    await expect(mail).toContainText(`From settlements@gateway.example to ${MAILBOX}`);
    await expect(mail).toContainText('Into PG Settlement Upload by rule Gateway settlement mails');
    await expect(mail).toContainText('Stored');
    await expect(drawer.getByText('Settlement report special offer')).toHaveCount(0);
    await expect(drawer.getByRole('cell', { name: /^pg_settlement_26-11-2026\.csv/ }).last()).toBeVisible();
    await shots(page, 'run-fetched-mail');
    await drawer.getByRole('button', { name: 'Close' }).click();

    await openFromNav(page, 'Operations', 'History', 'File Upload');
    await expect(page.getByRole('heading', { name: 'File Upload' })).toBeVisible();
    await expect(page.getByRole('row', { name: /pg_settlement_26-11-2026\.csv/ }).first()).toContainText('admin');
    await shots(page, 'file-history-mailed');

    // The demo recon's data stays as the other journeys expect it: the run is rolled back, the mailbox disconnected.
    await openFromNav(page, 'Operations', 'History', 'Execution History');
    await page
      .getByRole('row', { name: new RegExp(MAIL_JOB) })
      .first()
      .getByRole('button', { name: MAIL_JOB })
      .click();
    await drawer.getByRole('button', { name: 'Rollback' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: /Roll back run #\d+ of/ });
    await modal.getByLabel('Reason for the rollback').fill('Journey data');
    await modal.getByRole('button', { name: 'Roll back' }).click();
    await expect(drawer).toHaveAccessibleName(/ Rollback$/, { timeout: 120_000 });
    const accounts = await api<{ data: { id: number; account: string; status: string }[] }>(
      page,
      'GET',
      '/v2/integrations/email',
    );
    for (const a of accounts.data.filter((x) => x.status === 'CONNECTED')) {
      await api(page, 'PUT', '/v2/integrations/email/modify', { id: a.id, isActive: false });
    }
  } finally {
    await provider.close();
  }
});
