import { expect, type Page } from '@playwright/test';
import { storedUser, uploadSamplesAndRunJob } from './helpers.ts';

/** The demo module 1's recon, and the job that loads its two sample files and runs it. */
export const DEMO_RECON = 'Bank vs Gateway Settlement';
/** The demo module that holds the demo recon. */
export const DEMO_MODULE = 'Payments Gateway Recon';
export const DEMO_JOB = 'Daily Bank and Gateway Load';
export const DEMO_SAMPLES = ['demo/samples/bank_statement.csv', 'demo/samples/pg_settlement.csv'];
const JOB = DEMO_JOB;
const SAMPLES = DEMO_SAMPLES;

/** A call to the server as the signed-in user, in the selected module. */
export async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const user = await storedUser(page);
  const moduleId = await page.evaluate(() => localStorage.getItem('selectedModuleId') ?? '');
  const res = await page.request.fetch(`/web${path}`, {
    method,
    headers: { authorization: `Bearer ${user.authToken}`, 'x-user-id': String(user.id), 'x-module-id': moduleId },
    data: body,
  });
  expect(res.ok(), `${method} ${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** Rows of the demo recon, reconciled: the samples loaded and matched by the demo job, or a recon run on rows there. */
export async function reconciledDemo(page: Page) {
  const recons = await api<{ data: { id: number; name: string; dataSources: { id: number; side: string }[] }[] }>(
    page,
    'GET',
    '/v2/transactions?Find=Recons',
  );
  const recon = recons.data.find((r) => r.name === DEMO_RECON);
  const sideA = recon?.dataSources.find((d) => d.side === 'A');
  if (!recon || !sideA) throw new Error(`the demo recon ${DEMO_RECON} with its side A is missing`);
  const all = await api<{ recordsTotal: number }>(
    page,
    'GET',
    `/v2/transactions?Find=ByTab&tab=all&reconId=${recon.id}&dataSourceId=${sideA.id}&length=1`,
  );
  if (all.recordsTotal === 0) {
    // Nothing loaded yet (this journey alone): the demo job loads both samples and runs the recon.
    await uploadSamplesAndRunJob(page, JOB, SAMPLES);
    return;
  }
  // Rows loaded by earlier journeys: the recon runs on the open ones.
  const run = await api<{ id: number }>(page, 'POST', '/v2/reconruns', { reconId: recon.id, dryRun: false });
  await expect
    .poll(async () => (await api<{ status: string }>(page, 'GET', `/v2/reconruns/${run.id}`)).status, {
      timeout: 60_000,
    })
    .toBe('COMPLETED');
}
