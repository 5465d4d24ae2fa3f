import { expect, type Page, test } from '@playwright/test';
import { choose, openFromNav, shot, signIn, switchModule, throttleUploads } from './helpers.ts';

/**
 * Issue 3's proof: an admin configures ingestion in the browser — two file pipelines on the demo tables with
 * their CSV mappings, a data source, a job loading both — uploads the two sample files through the progress
 * card, watches the run complete and finds the invalid and duplicate rows with their reasons.
 */

const MODULE = 'Payments Gateway Recon';
const RECON = 'Bank vs Gateway Settlement';
const BANK = { pipeline: 'Bank Statement (browser)', table: 'bank_statement', file: 'demo/samples/bank_statement.csv' };
const PG = { pipeline: 'PG Settlement (browser)', table: 'pg_settlement', file: 'demo/samples/pg_settlement.csv' };
const DATA_SOURCE = 'Bank Statement (browser)';
const JOB = 'Browser Bank and Gateway Load';

// A dozen screens and their screenshots take 60-90 s; a busy machine (software rendering) may need twice that.
test.setTimeout(180_000);

/** Operations › Configuration › Pipelines › Create Pipeline: a FILE pipeline loading into a demo table. */
async function createPipeline(page: Page, name: string, table: string) {
  await page.getByRole('button', { name: 'Create Pipeline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Pipeline' });
  await dialog.getByLabel('Name').fill(name);
  await choose(page, dialog.getByRole('combobox', { name: 'Data Table' }), table);
  await dialog.getByLabel('Description').fill(`Configured by the browser journey (${table})`);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: `Configure ${name}` })).toBeVisible();
}

/**
 * Configure File Upload: read the sample file, let its header build the mapping (adjusted by hand where the
 * file's names differ from the table's), save.
 */
async function configureFileUpload(
  page: Page,
  name: string,
  file: string,
  options: { adjust?: () => Promise<void>; screenshot?: string } = {},
) {
  await page.getByRole('link', { name: `Configure ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Configure File Upload' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByText('Click or drop a sample file (CSV or XLSX) to read its columns').click();
  await (await chooser).setFiles(file);
  await expect(page.getByText(/: first \d+ rows, \d+ columns$/)).toBeVisible();
  await options.adjust?.();
  if (options.screenshot) await shot(page, options.screenshot);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('File upload configured successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/operations\/configuration\/pipelines$/);
}

test('configures a pipeline, data source and job, uploads the samples and finds the bad rows', async ({ page }) => {
  await signIn(page, 'admin');
  await switchModule(page, MODULE);

  await test.step('two file pipelines with their CSV mappings', async () => {
    await openFromNav(page, 'Operations', 'Configuration', 'Pipelines');
    await expect(page.getByRole('heading', { name: 'Pipelines' })).toBeVisible();
    await createPipeline(page, BANK.pipeline, BANK.table);
    await configureFileUpload(page, BANK.pipeline, BANK.file, {
      screenshot: 'ingest-01-file-config-mapping',
      adjust: async () => {
        // The file's "Dr/Cr" has no column of that name: mapped by hand. The value date's format was guessed.
        await choose(page, page.getByRole('combobox', { name: 'Table Column Dr/Cr' }), 'debit_credit');
        await expect(page.getByText('7 of 7 columns loaded')).toBeVisible();
      },
    });
    await createPipeline(page, PG.pipeline, PG.table);
    await configureFileUpload(page, PG.pipeline, PG.file, {
      adjust: () => expect(page.getByText('10 of 10 columns loaded')).toBeVisible(),
    });
    await expect(page.getByRole('link', { name: `Edit ${BANK.pipeline}` })).toBeVisible();
    await expect(page.getByRole('link', { name: `Edit ${PG.pipeline}` })).toBeVisible();
    await shot(page, 'ingest-02-pipelines');
  });

  await test.step('a data source reading the bank pipeline', async () => {
    await openFromNav(page, 'Operations', 'Configuration', 'Data Sources');
    await page.getByRole('button', { name: 'Create Data Source' }).click();
    await expect(page.getByRole('heading', { name: 'Create Data Source' })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(DATA_SOURCE);
    await page.getByLabel('Name', { exact: true }).blur();
    await choose(page, page.getByRole('combobox', { name: 'Recon' }), RECON);
    await choose(page, page.getByLabel('Pipeline', { exact: true }), BANK.pipeline);
    await choose(page, page.getByRole('combobox', { name: 'Invalid Pipeline' }), BANK.pipeline);
    await page.getByLabel('Duplicate Records Limit').fill('100');
    await choose(page, page.getByRole('combobox', { name: 'Max Duplicate Record Count Method' }), 'Count');
    await page.getByLabel('Invalid Records Limit').fill('5');
    await choose(page, page.getByRole('combobox', { name: 'Max Invalid Record Count Method' }), 'Percentage');
    await expect(page.getByText('Loads into bank_statement')).toBeVisible();
    await expect(page.getByText('7 columns')).toBeVisible();
    await shot(page, 'ingest-03-data-source-form');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Successfully Created')).toBeVisible();
    await expect(page).toHaveURL(/\/data-sources\/edit-data-source\/\d+$/);
  });

  await test.step('a job loading both pipelines', async () => {
    await openFromNav(page, 'Operations', 'Jobs');
    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(page.getByRole('heading', { name: 'Create Job' })).toBeVisible();
    await page.getByLabel('Job Name').fill(JOB);
    await page.getByLabel('Description').fill('Bank statement, then the gateway settlement');
    for (const [i, pipeline] of [BANK.pipeline, PG.pipeline].entries()) {
      const sequence = i + 1;
      await page.getByRole('button', { name: 'Add Activity' }).click();
      await choose(page, page.getByRole('combobox', { name: `Activity Type ${sequence}` }), 'Pipeline');
      await choose(page, page.getByRole('combobox', { name: `Activity ${sequence}`, exact: true }), pipeline);
    }
    await shot(page, 'ingest-04-job-form');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('New job created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/operations\/jobs\/\d+\/edit-job\/1$/);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/operations\/jobs(\?.*)?$/);
    await expect(page.getByRole('cell', { name: JOB, exact: true })).toBeVisible();
  });

  await test.step('uploads both samples through the progress card and runs the job', async () => {
    await page.getByRole('button', { name: `Upload files and run job ${JOB}` }).click();
    await expect(page.getByRole('heading', { name: `Upload Files and Run ${JOB}` })).toBeVisible();
    // Slow enough to watch the card: about two seconds per 260 KB sample.
    await throttleUploads(page, 128 * 1024);
    for (const [i, sample] of [BANK, PG].entries()) {
      const chooser = page.waitForEvent('filechooser');
      await page.getByText('Click or drop files (CSV or XLSX) for this pipeline').nth(i).click();
      await (await chooser).setFiles(sample.file);
    }
    const card = page.getByRole('region', { name: 'Uploads' });
    await expect(card).toBeVisible();
    // The first file part way, the second waiting its turn.
    await expect(card.getByLabel(/^bank_statement\.csv [1-9]\d?%$/)).toBeVisible();
    await expect(card.getByText('Pending')).toBeVisible();
    await shot(page, 'ingest-05-upload-progress', { isBusy: true });
    await expect(card).toBeHidden({ timeout: 30_000 });
    await throttleUploads(page, 0);
    await expect(page.getByRole('cell', { name: 'Uploaded' })).toHaveCount(2);
    await shot(page, 'ingest-06-uploaded');
    await page.getByRole('button', { name: 'Run Job' }).click();
    await expect(page).toHaveURL(/\/operations\/history\/execution-history\?executionId=\d+/);
  });

  await test.step('the run finishes and shows what each activity loaded', async () => {
    // Invalid rows within the data source's limits do not fail a run: it ends Partially Completed.
    const finished = /^(Completed|Partially Completed)$/;
    // The drawer is named by its title: the job, the run number and the run's status.
    const drawer = page.getByRole('dialog', { name: new RegExp(`^${literal(JOB)} Run #\\d+ `) });
    await expect(drawer).toBeVisible();
    await expect(drawer).toHaveAccessibleName(/ (Completed|Partially Completed)$/, { timeout: 45_000 });
    for (const pipeline of [BANK.pipeline, PG.pipeline]) {
      await expect(drawer.getByRole('row', { name: new RegExp(`${literal(pipeline)} Pipeline`) })).toBeVisible();
    }
    await expect(drawer.getByRole('cell', { name: /^bank_statement\.csv/ })).toBeVisible();
    await expect(drawer.getByRole('cell', { name: /^pg_settlement\.csv/ })).toBeVisible();
    await shot(page, 'ingest-07-execution-detail');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(literal(JOB)) }).getByText(finished)).toBeVisible();
    await shot(page, 'ingest-08-execution-history');
  });

  await test.step('the files in the upload history', async () => {
    await openFromNav(page, 'Operations', 'History', 'File Upload');
    await expect(page.getByRole('heading', { name: 'File Upload' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'bank_statement.csv' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'pg_settlement.csv' })).toBeVisible();
    await shot(page, 'ingest-09-file-history');
  });

  await test.step('invalid and duplicate rows with their reasons', async () => {
    await openFromNav(page, 'Transactions', 'Pipeline', 'Invalid');
    await expect(page.getByRole('heading', { name: 'Invalid Rows' })).toBeVisible();
    await choose(page, page.getByRole('combobox', { name: 'Data Source' }), DATA_SOURCE);
    await expect(page.getByRole('cell', { name: /not an amount|not a valid date/ }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'bank_statement.csv' }).first()).toBeVisible();
    await shot(page, 'ingest-10-invalid-rows');
    // The data source chosen is remembered for the module.
    await openFromNav(page, 'Transactions', 'Pipeline', 'Duplicates');
    await expect(page.getByRole('heading', { name: 'Duplicate Rows' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Data Source' })).toBeVisible();
    await expect(page.getByText(`${DATA_SOURCE} (${RECON})`)).toBeVisible();
    await expect(page.getByRole('cell', { name: 'bank_statement.csv' }).first()).toBeVisible();
    await shot(page, 'ingest-11-duplicate-rows');
  });
});

/** A name as a literal inside a regular expression. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
