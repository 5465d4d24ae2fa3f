import { expect, type Page, test } from '@playwright/test';
import { DEMO_MODULE } from './demo-recon.ts';
import { choose, openFromNav, saveAndExpectToast, shot, signIn, switchModule, throttleUploads } from './helpers.ts';

/**
 * Issue 3's proof: an admin configures ingestion in the browser — two data tables with their duplicate checks,
 * a file pipeline for each with its CSV mapping, a recon and a data source, a job loading both pipelines —
 * uploads the two sample files through the progress card, watches the run finish and finds the invalid and
 * duplicate rows with their reasons. Everything it loads goes to tables of its own, so the demo's tables (which
 * other journeys load and reconcile) stay as they were.
 */

const MODULE = DEMO_MODULE;
type Column = { name: string; type?: 'DATE' | 'DOUBLE' };
const BANK = {
  table: 'browser_bank_lines',
  // Narration and balance are not loaded; "Dr/Cr" goes to direction, which no file column is named like.
  columns: [
    { name: 'reference' },
    { name: 'value_date', type: 'DATE' },
    { name: 'direction' },
    { name: 'amount', type: 'DOUBLE' },
    { name: 'utr' },
  ] as Column[],
  duplicateCheck: ['reference', 'value_date', 'amount'],
  pipeline: 'Browser Bank Lines',
  file: 'demo/samples/bank_statement.csv',
};
const GATEWAY = {
  table: 'browser_gateway_report',
  columns: [
    { name: 'txn_id' },
    { name: 'utr' },
    { name: 'settlement_date', type: 'DATE' },
    { name: 'gross_amount', type: 'DOUBLE' },
    { name: 'net_amount', type: 'DOUBLE' },
    { name: 'status' },
  ] as Column[],
  duplicateCheck: ['txn_id'],
  pipeline: 'Browser Gateway Report',
  file: 'demo/samples/pg_settlement.csv',
};
const RECON = 'Browser Lines vs Report';
const DATA_SOURCE = 'Browser Bank Lines';
const JOB = 'Browser Lines and Report Load';

// A dozen screens and their screenshots take 60-90 s; a busy machine (software rendering) may need twice that.
test.setTimeout(180_000);

/** Operations › Configuration › Data Tables › Create Data Table, then its duplicate check on the table's page. */
async function createDataTable(page: Page, table: typeof BANK, screenshot?: string) {
  await page.getByRole('button', { name: 'Create Data Table' }).click();
  await expect(page.getByRole('heading', { name: 'Create Data Table' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(table.table);
  await page.getByLabel('Description').fill(`Loaded by the browser journey from ${table.file}`);
  for (const [i, column] of table.columns.entries()) {
    const n = i + 1;
    // The form starts with one empty row.
    if (n > 1) await page.getByRole('button', { name: 'Add Column' }).click();
    await page.getByLabel(`Column ${n} name`).fill(column.name);
    if (column.type) await choose(page, page.getByRole('combobox', { name: `Column ${n} data type` }), column.type);
  }
  if (screenshot) await shot(page, screenshot);
  await saveAndExpectToast(page, page.getByRole('button', { name: 'Create', exact: true }), 'Successfully Created');
  await expect(page).toHaveURL(/\/data-tables\/view-data-table\/\d+$/);
  const duplicateColumns = page.getByRole('combobox', { name: 'Duplicate check columns' });
  for (const column of table.duplicateCheck) await choose(page, duplicateColumns, column);
  await page.keyboard.press('Escape');
  await saveAndExpectToast(page, page.getByRole('button', { name: 'Save' }), 'Successfully Updated');
}

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
  await page
    .getByText('Click or drop a sample file (.csv, .txt, .tsv, .psv, .dat or .xlsx) to read its columns')
    .click();
  await (await chooser).setFiles(file);
  await expect(page.getByText(/: first \d+ rows, \d+ columns$/)).toBeVisible();
  await options.adjust?.();
  if (options.screenshot) await shot(page, options.screenshot);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('File upload configured successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/operations\/configuration\/pipelines$/);
}

test('configures tables, pipelines, a data source and a job, uploads the samples and finds the bad rows', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await switchModule(page, MODULE);

  await test.step('two data tables with their duplicate checks', async () => {
    await openFromNav(page, 'Operations', 'Configuration', 'Data Tables');
    await createDataTable(page, BANK, 'ingest-01-data-table-form');
    await openFromNav(page, 'Operations', 'Configuration', 'Data Tables');
    await createDataTable(page, GATEWAY);
  });

  await test.step('a file pipeline for each, with its CSV mapping', async () => {
    await openFromNav(page, 'Operations', 'Configuration', 'Pipelines');
    await expect(page.getByRole('heading', { name: 'Pipelines' })).toBeVisible();
    await createPipeline(page, BANK.pipeline, BANK.table);
    await configureFileUpload(page, BANK.pipeline, BANK.file, {
      screenshot: 'ingest-02-file-config-mapping',
      adjust: async () => {
        // Most columns map by name (the value date's format is guessed); "Dr/Cr" is mapped by hand.
        await choose(page, page.getByRole('combobox', { name: 'Table Column Dr/Cr' }), 'direction');
        await expect(page.getByText('5 of 7 columns loaded')).toBeVisible();
      },
    });
    await createPipeline(page, GATEWAY.pipeline, GATEWAY.table);
    await configureFileUpload(page, GATEWAY.pipeline, GATEWAY.file, {
      adjust: () => expect(page.getByText('6 of 10 columns loaded')).toBeVisible(),
    });
    await expect(page.getByRole('link', { name: `Edit ${BANK.pipeline}` })).toBeVisible();
    await expect(page.getByRole('link', { name: `Edit ${GATEWAY.pipeline}` })).toBeVisible();
    await shot(page, 'ingest-03-pipelines');
  });

  await test.step('a recon and a data source reading the bank pipeline', async () => {
    await openFromNav(page, 'Operations', 'Configuration', 'Recons');
    await page.getByRole('button', { name: 'Create Recon' }).click();
    await page.getByLabel('Name', { exact: true }).fill(RECON);
    await page.getByLabel('Description').fill('Bank lines against the gateway report, configured in the browser');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(/\/recons\/edit-recon\/\d+$/);

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
    await expect(page.getByText(`Loads into ${BANK.table}`)).toBeVisible();
    await expect(page.getByText(`${BANK.columns.length} columns`)).toBeVisible();
    await shot(page, 'ingest-04-data-source-form');
    await saveAndExpectToast(page, page.getByRole('button', { name: 'Create', exact: true }), 'Successfully Created');
    await expect(page).toHaveURL(/\/data-sources\/edit-data-source\/\d+$/);
  });

  await test.step('a job loading both pipelines', async () => {
    await openFromNav(page, 'Operations', 'Jobs');
    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(page.getByRole('heading', { name: 'Create Job' })).toBeVisible();
    await page.getByLabel('Job Name').fill(JOB);
    await page.getByLabel('Description').fill('The bank lines, then the gateway report');
    for (const [i, pipeline] of [BANK.pipeline, GATEWAY.pipeline].entries()) {
      const sequence = i + 1;
      await page.getByRole('button', { name: 'Add Activity' }).click();
      await choose(page, page.getByRole('combobox', { name: `Activity Type ${sequence}` }), 'Pipeline');
      await choose(page, page.getByRole('combobox', { name: `Activity ${sequence}`, exact: true }), pipeline);
    }
    await shot(page, 'ingest-05-job-form');
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
    for (const [i, sample] of [BANK, GATEWAY].entries()) {
      const chooser = page.waitForEvent('filechooser');
      await page.getByText('Click or drop files for this pipeline').nth(i).click();
      await (await chooser).setFiles(sample.file);
    }
    const card = page.getByRole('region', { name: 'Uploads' });
    await expect(card).toBeVisible();
    // The first file part way, the second waiting its turn.
    await expect(card.getByLabel(/^bank_statement\.csv [1-9]\d?%$/)).toBeVisible();
    await expect(card.getByText('Pending')).toBeVisible();
    await shot(page, 'ingest-06-upload-progress', { isBusy: true });
    await expect(card).toBeHidden({ timeout: 30_000 });
    await throttleUploads(page, 0);
    await expect(page.getByRole('cell', { name: 'Waiting to run' })).toHaveCount(2);
    await shot(page, 'ingest-07-uploaded');
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
    for (const pipeline of [BANK.pipeline, GATEWAY.pipeline]) {
      await expect(drawer.getByRole('row', { name: new RegExp(`${literal(pipeline)} Pipeline`) })).toBeVisible();
    }
    await expect(drawer.getByRole('cell', { name: /^bank_statement\.csv/ })).toBeVisible();
    await expect(drawer.getByRole('cell', { name: /^pg_settlement\.csv/ })).toBeVisible();
    await shot(page, 'ingest-08-execution-detail');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(literal(JOB)) }).getByText(finished)).toBeVisible();
    await shot(page, 'ingest-09-execution-history');
  });

  await test.step('the files in the upload history', async () => {
    await openFromNav(page, 'Operations', 'History', 'File Upload');
    await expect(page.getByRole('heading', { name: 'File Upload' })).toBeVisible();
    // Other journeys upload the same sample files: these are the rows of this journey's pipelines.
    for (const { pipeline, file } of [BANK, GATEWAY]) {
      const row = page.getByRole('row').filter({ hasText: pipeline });
      await expect(row.getByRole('cell', { name: file.split('/').at(-1) }).first()).toBeVisible();
    }
    await shot(page, 'ingest-10-file-history');
  });

  await test.step('invalid and duplicate rows with their reasons', async () => {
    await openFromNav(page, 'Transactions', 'Pipeline', 'Invalid');
    await expect(page.getByRole('heading', { name: 'Invalid Rows' })).toBeVisible();
    await choose(page, page.getByRole('combobox', { name: 'Data Source' }), DATA_SOURCE);
    await expect(page.getByRole('cell', { name: /not an amount|not a valid date/ }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'bank_statement.csv' }).first()).toBeVisible();
    await shot(page, 'ingest-11-invalid-rows');
    // The data source chosen is remembered for the module.
    await openFromNav(page, 'Transactions', 'Pipeline', 'Duplicates');
    await expect(page.getByRole('heading', { name: 'Duplicate Rows' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Data Source' })).toBeVisible();
    await expect(page.getByText(`${DATA_SOURCE} (${RECON})`)).toBeVisible();
    await expect(page.getByRole('cell', { name: 'bank_statement.csv' }).first()).toBeVisible();
    await shot(page, 'ingest-12-duplicate-rows');
  });
});

/** A name as a literal inside a regular expression. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
