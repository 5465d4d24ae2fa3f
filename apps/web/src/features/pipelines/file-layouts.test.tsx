import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ConfigureFileUploadPage from '@/features/pipelines/configure-file-upload-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute } from '@/testing/render';

/** Tests that drive several Ant Design inputs and selects: slow on a busy machine. */
const SLOW_UI_TEST_MS = 120_000;
const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const PIPELINE = {
  id: 2,
  name: 'Card Settlement',
  description: '',
  source: 'FILE',
  dataTable: { id: 5, name: 'card_settlement', tableName: 'm1_card_settlement' },
  fileUploadConfigStatus: 'Pending',
  createdAt: '2026-10-01T09:00:00Z',
  updatedAt: '2026-10-01T09:00:00Z',
};
const COLUMNS = [
  { name: 'rrn', type: 'VARCHAR', isMoney: false, isSystem: false },
  { name: 'settled_on', type: 'DATE', isMoney: false, isSystem: false },
  { name: 'amount', type: 'DOUBLE', isMoney: true, isSystem: false },
];
const LINES = ['H20260331CARDNET SETTLEMENT FILE', 'D00012345678920260301000000012345D', 'T000003000000112444'];
const FIXED_PREVIEW = {
  fileName: 'card.dat',
  fileKind: 'fixed_width',
  delimiter: null,
  sheetName: null,
  sheetNames: [],
  headerRow: 1,
  hasHeader: false,
  header: ['Line'],
  rows: LINES.map((l) => [l]),
  rowSkips: [null, null, null],
  lines: LINES,
  dateProposals: [[]],
};
const ORDERS_PREVIEW = {
  fileName: 'orders.tsv',
  fileKind: 'csv',
  delimiter: '\t',
  sheetName: null,
  sheetNames: [],
  headerRow: 1,
  hasHeader: true,
  header: ['RRN', 'Settled On', 'Amount'],
  rows: [
    ['000123456789', '03/04/2026', '10.00'],
    ['000987654321', '05/06/2026', '20.00'],
    ['Closing Balance', '', '30.00'],
  ],
  rowSkips: [null, null, 'A column matches ^Closing'],
  lines: [],
  dateProposals: [],
};

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  mock.onGet('/v2/pipeline/2').reply(200, PIPELINE);
  mock.onGet('/v2/datatables/columns').reply(200, { data: COLUMNS });
  mock.onPost('/v2/admin/pipelines/2/file_upload_configs').reply(200, {});
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
      initialEntry: '/operations/configuration/pipelines/configure-file-upload/2',
    },
  );
}

async function uploadSample(name: string) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await userEvent.upload(input, new File(['x'], name, { type: 'text/plain' }));
}

const savedBody = () => JSON.parse(String(mock.history.post?.find((r) => r.url?.endsWith('configs'))?.data));

describe('file layouts in the config form', () => {
  it(
    'edits fixed-width columns by start and length over the raw lines, and refuses a column without its cut',
    async () => {
      mock.onPost('/v2/admin/pipelines/2/file_upload_configs/preview').reply(200, FIXED_PREVIEW);
      renderConfigure();
      await screen.findByText('File Settings');
      await userEvent.click(screen.getByText('Fixed width'));
      expect(screen.getByRole('checkbox', { name: 'First row is a header' })).toHaveProperty('disabled', true);
      await uploadSample('card-settlement.dat');

      const raw = await screen.findByLabelText('Raw lines');
      expect(raw.textContent).toContain('D00012345678920260301000000012345D');
      expect(raw.textContent).toContain('1234567890');
      const form = mock.history.post?.[0]?.data as FormData;
      const sent = JSON.parse(String(form.get('settings')));
      expect(sent).toMatchObject({ fileKind: 'fixed_width' });

      await userEvent.click(screen.getByRole('button', { name: /Add Column/ }));
      await userEvent.click(screen.getByRole('button', { name: /Add Column/ }));
      fireEvent.change(screen.getByLabelText('File Column 1'), { target: { value: 'RRN' } });
      fireEvent.change(screen.getByLabelText('File Column 2'), { target: { value: 'Amount' } });
      fireEvent.change(screen.getByLabelText('Start RRN'), { target: { value: '2' } });
      fireEvent.change(screen.getByLabelText('Length RRN'), { target: { value: '12' } });
      fireEvent.change(screen.getByLabelText('Start Amount'), { target: { value: '22' } });
      await userEvent.click(screen.getByRole('combobox', { name: 'Table Column RRN' }));
      await userEvent.click(await screen.findByTitle('rrn'));

      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(
        await screen.findByText('Fixed-width column "Amount" needs its start (1 or more) and length'),
      ).toBeTruthy();
      expect(mock.history.post?.filter((r) => r.url?.endsWith('configs'))).toHaveLength(0);

      fireEvent.change(screen.getByLabelText('Length Amount'), { target: { value: '13' } });
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(mock.history.post?.filter((r) => r.url?.endsWith('configs'))).toHaveLength(1));
      const body = savedBody();
      expect(body).toMatchObject({ fileKind: 'fixed_width', hasHeader: false });
      expect(
        body.mappings.map((m: { fileColumn: string; start: number; length: number }) => [
          m.fileColumn,
          m.start,
          m.length,
        ]),
      ).toEqual([
        ['RRN', 2, 12],
        ['Amount', 22, 13],
      ]);
    },
    SLOW_UI_TEST_MS,
  );

  it(
    'warns when a date column reads two ways, marks skipped sample rows, and saves the chosen format and skip rules',
    async () => {
      mock.onPost('/v2/admin/pipelines/2/file_upload_configs/preview').reply(200, ORDERS_PREVIEW);
      renderConfigure();
      await screen.findByText('File Settings');
      await uploadSample('orders.tsv');

      // 03/04/2026 and 05/06/2026 read day-first and month-first: nothing is chosen for the person.
      const warning = await screen.findByText(
        '03/04/2026 reads as DD/MM/YYYY / MM/DD/YYYY: choose the format the file uses',
      );
      expect(warning.getAttribute('role')).toBe('alert');
      expect(screen.getByText('Skipped')).toBeTruthy();

      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Table column "settled_on" needs a date format')).toBeTruthy();

      await userEvent.click(screen.getByRole('combobox', { name: 'Date Format Settled On' }));
      // The list marks the proposal; the chosen tag shows the pattern alone, never cut.
      await userEvent.click(await screen.findByText('DD/MM/YYYY · proposed'));
      const chosen = screen.getByRole('combobox', { name: 'Date Format Settled On' }).closest('.ant-select');
      expect(chosen?.querySelector('.ant-select-selection-item')?.textContent).toBe('DD/MM/YYYY');

      fireEvent.change(screen.getByLabelText('Rows at the bottom'), { target: { value: '1' } });
      await userEvent.click(screen.getByRole('button', { name: /Add Pattern/ }));
      fireEvent.change(screen.getByLabelText('Skip pattern 1'), { target: { value: '(Closing' } });
      expect(await screen.findByText('"(Closing" is not a valid regular expression')).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Skip pattern 1'), { target: { value: '^Closing Balance' } });

      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(mock.history.post?.filter((r) => r.url?.endsWith('configs'))).toHaveLength(1));
      const body = savedBody();
      expect(body.skipRules).toEqual({
        bottomRows: 1,
        blankColumns: [],
        patterns: [{ column: null, pattern: '^Closing Balance' }],
      });
      expect(body.mappings[1]).toMatchObject({
        fileColumn: 'Settled On',
        tableColumn: 'settled_on',
        dateFormat: 'DD/MM/YYYY',
        dateFormats: ['DD/MM/YYYY'],
      });
    },
    SLOW_UI_TEST_MS,
  );

  it(
    "shows what a number column's sample reads as with its format, so a paise scale is checked on the file",
    async () => {
      const paise = { ...ORDERS_PREVIEW, rows: [['000123456789', '03/04/2026', '000000250050']] };
      mock.onPost('/v2/admin/pipelines/2/file_upload_configs/preview').reply(200, paise);
      renderConfigure();
      await screen.findByText('File Settings');
      await uploadSample('orders.tsv');
      await screen.findAllByText('000000250050');
      // Plain, the value needs no reading out.
      expect(screen.queryByLabelText('Reads as Amount')).toBeNull();

      await userEvent.click(screen.getByRole('button', { name: 'Number format Amount' }));
      await userEvent.click(screen.getByRole('combobox', { name: 'Scale' }));
      await userEvent.click(await screen.findByTitle('Divide by 100'));
      expect((await screen.findByLabelText('Reads as Amount')).textContent).toBe('→ 2500.50');
    },
    SLOW_UI_TEST_MS,
  );
});
