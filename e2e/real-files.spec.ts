import { expect, test } from '@playwright/test';
import { choose, dismissToasts, openFromNav, settle, shot, signIn, switchModule } from './helpers.ts';
import {
  addFixedColumn,
  createDataTable,
  createPipeline,
  expectedOutcome,
  filterEqual,
  LEDGER_FILE,
  NETWORK_FILE,
  openTab,
  pick,
  readSample,
  rowWith,
  rupees,
} from './real-files.helpers.ts';

/**
 * Issue 9's journey: a finance manager reconciles a card/UPI network's raw file — headerless, fixed width, a
 * trailer, RRNs with leading zeros, amounts in paise, YYYYMMDD dates — against the switch ledger, whose RRN is only
 * inside the narration. Everything is configured in the browser: tables, a fixed-width pipeline with its preview,
 * a CSV pipeline, the recon and its sides, a rule whose key is extracted from the narration by a regular
 * expression, a job; the files are uploaded, the job runs, and the tabs are read against expected.json.
 */

const MODULE = 'Bank Settlement Recon';
const NETWORK = { table: 'upi_network_raw', pipeline: 'UPI Network Raw File', dataSource: 'UPI Network' };
const LEDGER = { table: 'switch_ledger', pipeline: 'Switch Ledger', dataSource: 'Switch Ledger' };
const RECON = 'UPI Network vs Switch Ledger';
const RULE = 'RRN from narration, amount and date';
const JOB = 'UPI Network and Ledger Daily';
/** The narration is `UPI/CR/<rrn>/<merchant id>/<switch id>`; the merchant id holds twelve digits too. */
const RRN_PATTERN = 'UPI/[A-Z]+/([0-9]{12})/';

const expected = expectedOutcome();

test.setTimeout(420_000);
// A step that cannot happen fails in a minute and a half, not at the end of the journey's time; a tall screenshot
// on a busy machine takes most of a minute.
test.use({ actionTimeout: 90_000 });

test('a headerless fixed-width network file against a ledger by an RRN extracted from the narration', async ({
  page,
}) => {
  await signIn(page, 'manager');
  await switchModule(page, MODULE);

  await test.step('two data tables: the network side and the ledger side', async () => {
    await openFromNav(page, 'Operations', 'Configuration', 'Data Tables');
    await createDataTable(page, NETWORK.table, 'UPI acquirer raw file, one row per network record', [
      { name: 'rrn' },
      { name: 'txn_type' },
      { name: 'txn_date', type: 'DATE' },
      { name: 'amount', type: 'DOUBLE' },
      { name: 'response_code' },
      { name: 'merchant_name' },
    ]);
    await openFromNav(page, 'Operations', 'Configuration', 'Data Tables');
    await createDataTable(page, LEDGER.table, 'Switch ledger with the RRN inside the narration', [
      { name: 'posted_on', type: 'DATE' },
      { name: 'narration' },
      { name: 'amount', type: 'DOUBLE' },
      { name: 'ledger_ref' },
    ]);
  });

  await test.step('the fixed-width pipeline: start and length per column, YYYYMMDD, paise, the trailer skipped', async () => {
    await openFromNav(page, 'Operations', 'Configuration', 'Pipelines');
    await createPipeline(page, NETWORK.pipeline, NETWORK.table);
    await page.getByRole('link', { name: `Configure ${NETWORK.pipeline}` }).click();
    await expect(page.getByRole('heading', { name: 'Configure File Upload' })).toBeVisible();
    await page.getByText('Fixed width', { exact: true }).click();
    await readSample(page, NETWORK_FILE);
    const raw = page.getByLabel('Raw lines');
    await expect(raw).toContainText('DPAY000041283907');
    await shot(page, 'real-files-01-fixed-width-raw-lines');

    const columns = [
      { fileColumn: 'RRN', field: 'rrn', tableColumn: 'rrn' },
      { fileColumn: 'Txn Type', field: 'txn_type', tableColumn: 'txn_type' },
      { fileColumn: 'Txn Date', field: 'txn_date', tableColumn: 'txn_date' },
      { fileColumn: 'Amount (paise)', field: 'amount_paise', tableColumn: 'amount' },
      { fileColumn: 'Response Code', field: 'response_code', tableColumn: 'response_code' },
      { fileColumn: 'Merchant Name', field: 'merchant_name', tableColumn: 'merchant_name' },
    ];
    for (const [i, c] of columns.entries()) {
      const { start, length } = expected.position(c.field);
      await addFixedColumn(page, i + 1, { ...c, start, length });
    }
    const dates = page.getByRole('combobox', { name: 'Date Format Txn Date' });
    await dates.click();
    await dates.fill('YYYYMMDD');
    await dates.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Number Format Amount (paise)' }).click();
    await pick(page, 'Scale', 'Divide by 100');
    await page.keyboard.press('Escape');
    await page.getByLabel('Rows at the bottom').fill('1');
    await page.getByRole('button', { name: 'Refresh preview' }).click();
    await settle(page);
    // The sample's first record read as configured: the RRN with its zeros, the amount in paise.
    await expect(page.getByRole('cell', { name: '000041283907' }).first()).toBeVisible();
    await expect(page.getByText('Skipped').first()).toBeVisible();
    await shot(page, 'real-files-02-fixed-width-mapping');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('File upload configured successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/operations\/configuration\/pipelines$/);
    await dismissToasts(page);
  });

  await test.step('the ledger pipeline: a CSV mapped by its header', async () => {
    await createPipeline(page, LEDGER.pipeline, LEDGER.table);
    await page.getByRole('link', { name: `Configure ${LEDGER.pipeline}` }).click();
    await readSample(page, LEDGER_FILE);
    await expect(page.getByText('4 of 4 columns loaded')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('File upload configured successfully')).toBeVisible();
    await shot(page, 'real-files-03-pipelines');
  });

  await test.step('the recon and its two sides', async () => {
    await openFromNav(page, 'Operations', 'Configuration', 'Recons');
    await page.getByRole('button', { name: 'Create Recon' }).click();
    await page.getByLabel('Name', { exact: true }).fill(RECON);
    await page.getByLabel('Description').fill('Network records against the switch ledger by RRN, amount and date');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(/\/recons\/edit-recon\/\d+$/);
    // Side A is the recon's first data source: the network.
    for (const side of [NETWORK, LEDGER]) {
      await openFromNav(page, 'Operations', 'Configuration', 'Data Sources');
      await page.getByRole('button', { name: 'Create Data Source' }).click();
      await expect(page.getByRole('heading', { name: 'Create Data Source' })).toBeVisible();
      await choose(page, page.getByRole('combobox', { name: 'Recon' }), RECON);
      await choose(page, page.getByLabel('Pipeline', { exact: true }), side.pipeline);
      await choose(page, page.getByRole('combobox', { name: 'Invalid Pipeline' }), side.pipeline);
      // Named once the form has its recon and pipeline (a form still loading starts again empty).
      await page.getByLabel('Name', { exact: true }).fill(side.dataSource);
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue(side.dataSource);
      // A correct file has no invalid rows and no duplicates: any is too many.
      await page.getByLabel('Duplicate Records Limit').fill('0');
      await choose(page, page.getByRole('combobox', { name: 'Max Duplicate Record Count Method' }), 'Count');
      await page.getByLabel('Invalid Records Limit').fill('0');
      await choose(page, page.getByRole('combobox', { name: 'Max Invalid Record Count Method' }), 'Count');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await expect(page).toHaveURL(/\/data-sources\/edit-data-source\/\d+$/);
      // The next side's toast must not be this one, still showing.
      await dismissToasts(page);
    }
  });

  await test.step('a rule whose key is the RRN extracted from the ledger narration', async () => {
    await openFromNav(page, 'Operations', 'Configuration', 'Recon Rules');
    await page.getByRole('button', { name: 'Create Rule' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill(RULE);
    await choose(page, page.getByRole('combobox', { name: 'Recon' }), RECON);
    await page
      .getByRole('textbox', { name: 'Description' })
      .fill('Approved network records: the RRN in the narration, the amount to the paisa, the same day');
    await pick(page, 'Condition 1 Element One Column', 'rrn');
    await pick(page, 'Condition 1 Element Two Column', 'narration');
    await page.getByRole('button', { name: 'Add a transform to Condition 1 Element Two' }).click();
    await pick(page, 'Condition 1 Element Two transform', 'Extract');
    await page.getByRole('textbox', { name: 'Pattern' }).fill(RRN_PATTERN);
    await page.getByRole('spinbutton', { name: 'Group' }).fill('1');
    await shot(page, 'real-files-04-extract-transform');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(`Extract (pattern: ${RRN_PATTERN}, group: 1)`)).toBeVisible();
    await page.getByRole('button', { name: 'Add Matching Condition' }).click();
    await pick(page, 'Condition 2 Element One Column', 'amount');
    await pick(page, 'Condition 2 Element Two Column', 'amount');
    await page.getByRole('button', { name: 'Add Matching Condition' }).click();
    await pick(page, 'Condition 3 Element One Column', 'txn_date');
    await pick(page, 'Condition 3 Element Two Column', 'posted_on');
    await page.getByRole('button', { name: 'Add Filter' }).click();
    await pick(page, 'Condition 4 Element One Column', 'response_code');
    await page.getByRole('textbox', { name: 'Condition 4 value' }).fill('00');
    await shot(page, 'real-files-05-rule-editor');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByRole('link', { name: RULE })).toBeVisible();
  });

  await test.step('a job loading both files and running the recon', async () => {
    await openFromNav(page, 'Operations', 'Jobs');
    await page.getByRole('button', { name: 'Create Job' }).click();
    await page.getByLabel('Job Name').fill(JOB);
    const activities = [
      ['Pipeline', NETWORK.pipeline],
      ['Pipeline', LEDGER.pipeline],
      ['Recon', RECON],
    ] as const;
    for (const [i, [type, target]] of activities.entries()) {
      await page.getByRole('button', { name: 'Add Activity' }).click();
      await choose(page, page.getByRole('combobox', { name: `Activity Type ${i + 1}` }), type);
      await choose(page, page.getByRole('combobox', { name: `Activity ${i + 1}`, exact: true }), target);
    }
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('New job created successfully')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('cell', { name: JOB, exact: true })).toBeVisible();
  });

  await test.step('the files uploaded and the job run', async () => {
    await page.getByRole('button', { name: `Upload files and run job ${JOB}` }).click();
    for (const [i, file] of [NETWORK_FILE, LEDGER_FILE].entries()) {
      const chooser = page.waitForEvent('filechooser');
      await page.getByText('Click or drop files for this pipeline').nth(i).click();
      await (await chooser).setFiles(file);
    }
    await expect(page.getByRole('cell', { name: 'Waiting to run' })).toHaveCount(2, { timeout: 30_000 });
    await shot(page, 'real-files-06-uploaded');
    await page.getByRole('button', { name: 'Run Job' }).click();
    const drawer = page.getByRole('dialog', { name: new RegExp(`^${JOB} Run #\\d+ `) });
    // A correct file with its trailer skipped loads completely: the run completes, never "partially".
    await expect(drawer).toHaveAccessibleName(/ Completed$/, { timeout: 120_000 });
    await shot(page, 'real-files-07-run');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  await test.step('the reconciled tab: every network record the ledger holds, to the paisa', async () => {
    await openFromNav(page, 'Transactions', 'Recon', 'Reconciled');
    expect(await openTab(page, RECON, `A · ${NETWORK.dataSource}`)).toBe(expected.matched.length);
    const pair = expected.matched.find((m) => m.rrn.startsWith('0')) ?? expected.matched[0];
    if (!pair) throw new Error('expected.json has no matched pair');
    await shot(page, 'real-files-08-reconciled-network');
    // The RRN with its leading zeros, the amount in rupees (paise / 100) and the rule that closed it.
    await filterEqual(page, 'RRN', pair.rrn);
    await expect(rowWith(page, pair.rrn)).toHaveCount(1);
    await expect(rowWith(page, pair.rrn)).toContainText(rupees(pair.amount));
    await expect(rowWith(page, pair.rrn)).toContainText('05-03-2026');
    expect(await openTab(page, RECON, `B · ${LEDGER.dataSource}`)).toBe(expected.matched.length);
    await filterEqual(page, 'Ledger Ref', pair.switchTxnId);
    await expect(rowWith(page, pair.switchTxnId)).toContainText(rupees(pair.amount));
    await expect(rowWith(page, pair.switchTxnId)).toContainText(`UPI/CR/${pair.rrn}/`);
  });

  await test.step('the unreconciled tab: the breaks expected.json names stay open', async () => {
    await openFromNav(page, 'Transactions', 'Recon', 'Unreconciled');
    expect(await openTab(page, RECON, `A · ${NETWORK.dataSource}`)).toBe(expected.openNetwork.length);
    await shot(page, 'real-files-09-unreconciled-network');
    const off = expected.openNetwork.find((r) => r.why?.includes('differs by 0.01'));
    if (!off) throw new Error('expected.json has no one-paisa break');
    await filterEqual(page, 'RRN', off.rrn);
    await expect(rowWith(page, off.rrn)).toContainText(rupees(off.amount));
    expect(await openTab(page, RECON, `B · ${LEDGER.dataSource}`)).toBe(expected.openLedger);
  });

  await test.step('the recon mapping shows the extract with its pattern', async () => {
    await openFromNav(page, 'Transactions', 'Recon Mapping');
    await choose(page, page.getByRole('combobox', { name: 'Recon' }), RECON);
    await expect(page.getByText(`Extract (pattern: ${RRN_PATTERN}, group: 1)`)).toBeVisible();
    await shot(page, 'real-files-10-recon-mapping');
  });

  await test.step('the rule tried on the one-paisa break: the amount is the condition that fails', async () => {
    await openFromNav(page, 'Operations', 'Configuration', 'Recon Rules');
    await choose(page, page.getByRole('combobox', { name: 'Recon' }), RECON);
    await page.getByRole('link', { name: RULE }).click();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByText('Try this rule').click();
    const off = expected.openNetwork.find((r) => r.why?.includes('differs by 0.01'));
    if (!off) throw new Error('expected.json has no one-paisa break');
    // Each side searches its first text column: the RRN on the network, the narration on the ledger.
    for (const [side, column] of [
      ['A', 'rrn'],
      ['B', 'narration'],
    ] as const) {
      const searched = page.getByRole('combobox', { name: `Column to search on side ${side}` });
      await expect(searched.locator('xpath=ancestor::*[contains(@class, "ant-select")][1]')).toContainText(column);
      const search = page.getByLabel(`Search side ${side}`, { exact: true });
      await search.fill(off.rrn);
      await search.press('Enter');
      // One row each: the network record and the ledger line carrying its RRN.
      const pickable = page.getByRole('checkbox', { name: new RegExp(`^Pick row \\d+ of side ${side}$`) });
      await expect(pickable).toHaveCount(1);
      await pickable.check();
    }
    await page.getByRole('button', { name: 'Try on the picked rows' }).click();
    const pairs = page.locator('.ant-table').filter({ hasText: 'Each pair and every condition' });
    // The RRN pulled out of the narration and the date hold; the amount, a paisa apart, is what fails.
    const conditions = 3;
    await expect(pairs).toContainText(`${conditions - 1} of ${conditions} hold`);
    await expect(pairs.getByRole('img', { name: 'Fails' })).toHaveCount(1);
    await settle(page);
    await shot(page, 'real-files-11-try-rule');
  });
});
