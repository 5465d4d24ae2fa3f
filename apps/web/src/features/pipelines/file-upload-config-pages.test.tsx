import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ConfigureFileUploadPage from '@/features/pipelines/configure-file-upload-page';
import EditUploadedFileConfigPage from '@/features/pipelines/edit-uploaded-file-config-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute } from '@/testing/render';

/** Tests that drive several Ant Design selects: slow on a busy machine. */
const SLOW_UI_TEST_MS = 40_000;
const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const PIPELINE = {
  id: 2,
  name: 'Bank Statement Load',
  description: '',
  source: 'FILE',
  dataTable: { id: 5, name: 'bank_statement', tableName: 'm1_bank_statement' },
  fileUploadConfigStatus: 'Pending',
  createdAt: '2026-10-01T09:00:00Z',
  updatedAt: '2026-10-01T09:00:00Z',
};
const COLUMNS = [
  { name: 'reference', type: 'VARCHAR', isMoney: false, isSystem: false },
  { name: 'value_date', type: 'DATE', isMoney: false, isSystem: false },
  { name: 'amount', type: 'DOUBLE', isMoney: true, isSystem: false },
  { name: '_recon_status', type: 'VARCHAR', isMoney: false, isSystem: true },
];
const PREVIEW = {
  fileName: 'bank.csv',
  fileKind: 'csv',
  delimiter: ',',
  sheetName: null,
  sheetNames: [],
  headerRow: 1,
  hasHeader: true,
  header: ['Reference', 'Value Date', 'Narration', 'Amount'],
  rows: [['BNK0000001', '01-10-2026', 'ACCOUNT MAINTENANCE CHARGES', '371.09']],
  rowSkips: [null],
  lines: ['Reference,Value Date,Narration,Amount', 'BNK0000001,01-10-2026,ACCOUNT MAINTENANCE CHARGES,371.09'],
  dateProposals: [[], [{ pattern: 'DD-MM-YYYY', matched: 1, ambiguousWith: [] }], [], []],
};
const MAPPING_DEFAULTS = { columnNumber: null, start: null, length: null, fillDown: false };
const SAVED = {
  id: 9,
  pipelineId: 2,
  fileKind: 'csv',
  sheetName: null,
  headerRow: 1,
  delimiter: ',',
  hasHeader: true,
  skipRules: { bottomRows: 0, blankColumns: [], patterns: [] },
  ingestionMode: 'Upload',
  ingestionModeLabel: 'Manual',
  connection: {},
  mappings: [
    {
      fileColumn: 'Reference',
      tableColumn: 'reference',
      dataType: 'VARCHAR',
      dateFormat: null,
      dateFormats: [],
      numberFormat: null,
      isRequired: true,
      ...MAPPING_DEFAULTS,
    },
    {
      fileColumn: 'Value Date',
      tableColumn: 'value_date',
      dataType: 'DATE',
      dateFormat: 'DD-MM-YYYY',
      dateFormats: ['DD-MM-YYYY'],
      numberFormat: null,
      isRequired: false,
      ...MAPPING_DEFAULTS,
    },
  ],
  createdAt: '2026-10-01T09:00:00Z',
  updatedAt: '2026-10-01T09:00:00Z',
};

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  mock.onGet('/v2/pipeline/2').reply(200, PIPELINE);
  mock.onGet('/v2/datatables/columns').reply(200, { data: COLUMNS });
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderConfigure() {
  return renderRoute(
    <WithModule>
      <ConfigureFileUploadPage />
    </WithModule>,
    {
      path: '/operations/configuration/pipelines/configure-file-upload/:pipelineId',
      initialEntry: '/operations/configuration/pipelines/configure-file-upload/2?pipelineName=Bank%20Statement%20Load',
    },
  );
}

async function uploadSample() {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await userEvent.upload(input, new File(['Reference,Value Date\n'], 'bank.csv', { type: 'text/csv' }));
}

describe('configure file upload', () => {
  it(
    'reads a sample on the server, builds the mapping and creates the config',
    async () => {
      mock.onPost('/v2/admin/pipelines/2/file_upload_configs/preview').reply(200, PREVIEW);
      // Once saved, the pipeline reads Configured: the page must still return to the list, not to the edit page.
      let isSaved = false;
      mock
        .onGet('/v2/pipeline/2')
        .reply(() => [200, { ...PIPELINE, fileUploadConfigStatus: isSaved ? 'Configured' : 'Pending' }]);
      mock.onPost('/v2/admin/pipelines/2/file_upload_configs').reply(() => {
        isSaved = true;
        return [200, { ...SAVED, mappings: [] }];
      });
      const { router } = renderConfigure();
      await screen.findByText('File Settings');
      expect(mock.history.get?.find((r) => r.url === '/v2/datatables/columns')?.params).toEqual({
        Find: 'WithType',
        table: 'm1_bank_statement',
        start: 0,
      });

      await uploadSample();

      expect(await screen.findByText('bank.csv: first 1 rows, 4 columns')).toBeTruthy();
      const sent = mock.history.post?.[0]?.data as FormData;
      // A new config lets the server sniff the delimiter of its first sample.
      expect([...sent.keys()]).toEqual(['settings', 'files']);
      expect(JSON.parse(String(sent.get('settings')))).toMatchObject({
        fileKind: 'csv',
        headerRow: 1,
        hasHeader: true,
      });
      expect(JSON.parse(String(sent.get('settings'))).delimiter).toBeUndefined();
      expect(screen.getByText('3 of 4 columns loaded')).toBeTruthy();
      // A column the file fills on a summary row only: its value is carried down onto the rows below.
      await userEvent.click(screen.getByRole('checkbox', { name: 'Fill Down Value Date' }));

      await userEvent.click(screen.getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(mock.history.post).toHaveLength(2));
      const body = JSON.parse(String(mock.history.post?.[1]?.data));
      expect(body).toMatchObject({
        fileKind: 'csv',
        delimiter: ',',
        headerRow: 1,
        ingestionMode: 'Upload',
        connection: {},
      });
      const plain = { dateFormat: null, dateFormats: [], numberFormat: null, isRequired: false, ...MAPPING_DEFAULTS };
      expect(body.mappings).toEqual([
        { fileColumn: 'Reference', tableColumn: 'reference', dataType: 'VARCHAR', ...plain },
        {
          fileColumn: 'Value Date',
          tableColumn: 'value_date',
          dataType: 'DATE',
          ...plain,
          dateFormat: 'DD-MM-YYYY',
          dateFormats: ['DD-MM-YYYY'],
          fillDown: true,
        },
        { fileColumn: 'Narration', tableColumn: null, dataType: null, ...plain },
        { fileColumn: 'Amount', tableColumn: 'amount', dataType: 'DOUBLE', ...plain },
      ]);
      await waitFor(() => expect(router.state.location.pathname).toBe('/operations/configuration/pipelines'));
      expect(capture.toasts).toContainEqual(
        expect.objectContaining({ type: 'success', title: 'File upload configured successfully' }),
      );
    },
    SLOW_UI_TEST_MS,
  );

  it('shows the server field errors on their rows', async () => {
    mock.onPost('/v2/admin/pipelines/2/file_upload_configs/preview').reply(200, PREVIEW);
    mock.onPost('/v2/admin/pipelines/2/file_upload_configs').reply(400, {
      message: 'Table column "amount" is DOUBLE: map it with data type DOUBLE',
      errors: [
        {
          field: 'mappings.3.dataType',
          defaultMessage: 'Table column "amount" is DOUBLE: map it with data type DOUBLE',
        },
      ],
    });
    renderConfigure();
    await screen.findByText('File Settings');
    await uploadSample();
    await screen.findByText('3 of 4 columns loaded');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const row = (await screen.findByText('Table column "amount" is DOUBLE: map it with data type DOUBLE')).closest(
      'tr',
    );
    expect(row && within(row).getByDisplayValue('Amount')).toBeTruthy();
    await waitFor(() => expect(capture.toasts).toContainEqual(expect.objectContaining({ type: 'error' })));
  });
});

function renderEdit() {
  mock.onGet('/v2/pipeline/2').reply(200, { ...PIPELINE, fileUploadConfigStatus: 'Configured' });
  mock.onGet('/v2/admin/pipelines/2/file_upload_configs').reply(200, SAVED);
  return renderRoute(
    <WithModule>
      <EditUploadedFileConfigPage />
    </WithModule>,
    {
      path: '/operations/configuration/pipelines/edit-uploaded-file-config/:pipelineId',
      initialEntry: '/operations/configuration/pipelines/edit-uploaded-file-config/2',
    },
  );
}

describe('edit uploaded file config', () => {
  it(
    'asks for the S3 bucket before sending',
    async () => {
      renderEdit();
      await screen.findByDisplayValue('Value Date');
      await userEvent.click(screen.getByRole('combobox', { name: 'Ingestion Mode' }));
      await userEvent.click(await screen.findByTitle('AMAZON_S3'));

      await userEvent.click(screen.getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Bucket is Required')).toBeTruthy();
      expect(capture.toasts).toEqual([expect.objectContaining({ type: 'error', title: 'Bucket is Required' })]);
      expect(mock.history.put).toHaveLength(0);
    },
    SLOW_UI_TEST_MS,
  );

  it('starts from the saved config, shows Upload as Manual and replaces it with PUT', async () => {
    mock.onPut('/v2/admin/pipelines/2/file_upload_configs').reply(200, SAVED);
    renderEdit();

    expect(await screen.findByDisplayValue('Value Date')).toBeTruthy();
    expect(screen.getByTitle('Manual')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(String(mock.history.put?.[0]?.data)).mappings[1]).toEqual({
      fileColumn: 'Value Date',
      tableColumn: 'value_date',
      dataType: 'DATE',
      dateFormat: 'DD-MM-YYYY',
      dateFormats: ['DD-MM-YYYY'],
      numberFormat: null,
      isRequired: false,
      ...MAPPING_DEFAULTS,
    });
  });
});
