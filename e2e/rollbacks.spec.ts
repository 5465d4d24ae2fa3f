import { expect, test } from '@playwright/test';
import { DEMO_JOB, DEMO_MODULE, DEMO_SAMPLES } from './demo-recon.ts';
import { openFromNav, shot, signIn, switchModule } from './helpers.ts';

/**
 * Issue 4's rollback proof in the browser: the demo job loads both sample files and reconciles them; the run is
 * rolled back from its drawer (what would be undone first, then the request), ends "Rollback", and the rollback
 * is followed in Operations › History › Rollback History with its steps.
 */

const MODULE = DEMO_MODULE;
const JOB = DEMO_JOB;
const SAMPLES = DEMO_SAMPLES;

test.setTimeout(180_000);

test('rolls a run back from its drawer and follows the rollback in the history', async ({ page }) => {
  await signIn(page, 'admin');
  await switchModule(page, MODULE);

  await test.step('the demo job loads both samples and reconciles them', async () => {
    await openFromNav(page, 'Operations', 'Jobs');
    await page.getByRole('button', { name: `Upload files and run job ${JOB}` }).click();
    await expect(page.getByRole('heading', { name: `Upload Files and Run ${JOB}` })).toBeVisible();
    for (const [i, sample] of SAMPLES.entries()) {
      const chooser = page.waitForEvent('filechooser');
      await page.getByText('Click or drop files for this pipeline').nth(i).click();
      await (await chooser).setFiles(sample);
    }
    await expect(page.getByRole('cell', { name: 'Waiting to run' })).toHaveCount(2, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Run Job' }).click();
    await expect(page).toHaveURL(/\/operations\/history\/execution-history\?executionId=\d+/);
  });

  const drawer = page.getByRole('dialog', { name: new RegExp(`^${JOB} Run #\\d+ `) });
  await test.step('the run shows what a rollback would undo', async () => {
    await expect(drawer).toHaveAccessibleName(/ (Completed|Partially Completed)$/, { timeout: 60_000 });
    await drawer.getByRole('button', { name: 'Rollback' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: /Roll back run #\d+ of/ });
    await expect(modal.getByRole('heading', { name: 'Recon runs undone' })).toBeVisible();
    await expect(modal.getByRole('heading', { name: 'Loaded rows deleted' })).toBeVisible();
    await expect(modal.getByRole('cell', { name: /bank_statement\.csv/ })).toBeVisible();
    await expect(modal.getByRole('cell', { name: /pg_settlement\.csv/ })).toBeVisible();
    await shot(page, 'rollbacks-01-impact');
    // A rollback asks why; the audit log keeps the reason.
    await modal.getByLabel('Reason for the rollback').fill('Rolled back by the browser journey');
    await modal.getByRole('button', { name: 'Roll back' }).click();
    await expect(page.getByText('Rollback requested: it runs in the background')).toBeVisible();
    await expect(modal).toBeHidden();
  });

  await test.step('the run ends Rollback, its files rolled back', async () => {
    await expect(drawer).toHaveAccessibleName(/ Rollback$/, { timeout: 60_000 });
    await expect(drawer.getByText('Rolled Back').first()).toBeVisible();
    await shot(page, 'rollbacks-02-run-rolled-back');
  });

  await test.step('Rollback History lists it with its steps', async () => {
    // The rolled-back run links to its rollback.
    await drawer.getByRole('button', { name: 'Open in Rollback History' }).click();
    await expect(page).toHaveURL(/\/operations\/history\/rollback-history\?jobExecutionId=\d+$/);
    await expect(page.getByText(/^Rollbacks of run #\d+$/)).toBeVisible();
    await page.getByRole('button', { name: 'Show all' }).click();
    await expect(page.getByRole('heading', { name: 'Rollback History' })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(JOB) }).first();
    await expect(row.getByText('Rollback Finished')).toBeVisible();
    await expect(row.getByText('admin')).toBeVisible();
    await shot(page, 'rollbacks-03-history');
    await row.getByRole('button', { name: /^Rollback #\d+$/ }).click();
    const detail = page.getByRole('dialog', { name: /^Rollback #\d+ / });
    await expect(detail.getByText('Steps', { exact: true })).toBeVisible();
    await expect(detail.getByRole('cell', { name: /· run #\d+/ }).first()).toBeVisible();
    await expect(detail.getByText(/^Rows deleted: /).first()).toBeVisible();
    await shot(page, 'rollbacks-04-detail');
  });
});
