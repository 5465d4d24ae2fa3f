import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import CreateDataSourcePage from '@/features/data-sources/create-data-source-page';
import {
  COLUMNS,
  DETAIL,
  PIPELINE,
  page,
  RECON,
  TABLE_DETAIL,
  TABLE_ROW,
} from '@/features/data-sources/testing/fixtures';
import { chooseOption } from '@/features/data-sources/testing/select';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  mock.onGet('/v2/recons').reply(200, { data: [RECON] });
  mock.onGet('/v2/pipeline/all').reply(200, { data: [PIPELINE] });
  mock.onGet('/v2/datatables').reply(200, page([TABLE_ROW]));
  mock.onGet('/v2/datatables/11').reply(200, TABLE_DETAIL);
  mock.onGet('/v2/datatables/columns').reply(200, { data: COLUMNS });
  mock
    .onGet('/v2/datasources', { params: { Find: 'validateDataSourceName', name: 'Bank Statement' } })
    .reply(200, { data: { isValid: false, message: 'Data source name already exists' } });
  mock
    .onGet('/v2/datasources', { params: { Find: 'validateDataSourceName', name: 'Bank Credits' } })
    .reply(200, { data: { isValid: true, message: 'Data source name is available' } });
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderPage(initialEntry = '/operations/configuration/data-sources/create-data-source') {
  return renderRoute(
    <WithModule>
      <WithAccess codes={['dataSources', 'createEditDataSource']}>
        <CreateDataSourcePage />
      </WithAccess>
    </WithModule>,
    { path: '/operations/configuration/data-sources/create-data-source', initialEntry },
  );
}

/**
 * The page has loaded: its Recon select shows. Polled by label while the page loads (a role query looks up the style
 * of every element it walks, after every change), then found once by its role.
 */
async function ready() {
  await screen.findByLabelText('Recon');
  return screen.getByRole('combobox', { name: 'Recon' });
}

const errorTitles = () => capture.toasts.filter((t) => t.type === 'error').map((t) => t.title);
const create = () => userEvent.click(screen.getByRole('button', { name: 'Create' }));

function fillName(name: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: name } });
}

function fillLimit(label: string, value: string) {
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
}

describe('create data source', { timeout: 90_000 }, () => {
  it("shows only the first failing check, in the spec's order, as an error toast and sends nothing", async () => {
    renderPage();
    await ready();

    await create();
    expect(errorTitles().at(-1)).toBe('Name is Required');

    fillName('Bank Credits');
    await create();
    expect(errorTitles().at(-1)).toBe('Recon is Required');

    await chooseOption('Recon', RECON.name);
    await create();
    expect(errorTitles().at(-1)).toBe('Pipeline is Required');

    await chooseOption('Pipeline', PIPELINE.name);
    await create();
    expect(errorTitles().at(-1)).toBe('Invalid Pipeline is Required');

    await chooseOption('Invalid Pipeline', PIPELINE.name);
    await create();
    expect(errorTitles().at(-1)).toBe('Duplicate Records Limit is Required');

    fillLimit('Duplicate Records Limit', '10');
    await create();
    expect(errorTitles().at(-1)).toBe('Max Duplicate Record Count Method is Required');

    await chooseOption('Max Duplicate Record Count Method', 'Count');
    await create();
    expect(errorTitles().at(-1)).toBe('Invalid Records Limit is Required');

    // A limit of 0 needs no method.
    fillLimit('Invalid Records Limit', '0');
    expect(mock.history.post).toHaveLength(0);
    // Every message was shown, one at a time, each replacing the last.
    expect(errorTitles()).toHaveLength(7);
  });

  it('fills the table and its history and invalid tables from the pipeline, then sends the form', async () => {
    mock.onPost('/v2/datasources').reply(200, { ...DETAIL, id: 77, name: 'Bank Credits' });
    const { router } = renderPage();
    await ready();

    fillName('Bank Credits');
    await chooseOption('Recon', RECON.name);
    await chooseOption('Pipeline', PIPELINE.name);
    await chooseOption('Invalid Pipeline', PIPELINE.name);
    fillLimit('Duplicate Records Limit', '0');
    fillLimit('Invalid Records Limit', '2.5');
    await chooseOption('Max Invalid Record Count Method', 'Percentage');

    expect(await screen.findByTitle('m1_bank_statement_history')).toBeTruthy();
    expect(await screen.findByText('3 columns')).toBeTruthy();
    await create();

    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({
      product: 1,
      name: 'Bank Credits',
      recon: RECON.id,
      pipeline: PIPELINE.id,
      pipelineIdForInvalidData: PIPELINE.id,
      maxDuplicateRecord: '0',
      maxDuplicateRecordCountMethod: null,
      maxInvalidRecord: '2.5',
      maxInvalidRecordCountMethod: 'PERCENTAGE',
      table: 'm1_bank_statement',
      historyTable: 'm1_bank_statement_history',
      invalidTable: 'm1_bank_statement_invalid',
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/operations/configuration/data-sources/edit-data-source/77'),
    );
    expect(capture.toasts.filter((t) => t.type === 'success').map((t) => t.title)).toEqual(['Successfully Created']);
  });

  it('says "Unable to load column data" when the chosen table cannot be read, and will not send', async () => {
    mock.onGet('/v2/datatables/columns').reply(500, [{ message: 'boom', code: 'INTERNAL' }]);
    renderPage(`/operations/configuration/data-sources/create-data-source?reconId=${RECON.id}`);
    await ready();

    await chooseOption('Table', 'bank_statement (m1_bank_statement)');

    await waitFor(() => expect(errorTitles()).toEqual(['Unable to load column data']));
    // The message is under the Table field too (the toast is captured, not rendered).
    expect(await screen.findByText('Unable to load column data')).toBeTruthy();
  });

  it('shows the server answer of the name check on blur', async () => {
    renderPage();
    await ready();

    fillName('Bank Statement');
    fireEvent.blur(screen.getByRole('textbox', { name: 'Name' }));
    expect(await screen.findByText('Data source name already exists')).toBeTruthy();

    fillName('Bank Credits');
    fireEvent.blur(screen.getByRole('textbox', { name: 'Name' }));
    expect(await screen.findByText('Data source name is available')).toBeTruthy();
  });

  it('blocks e, E, +, - and . in a count limit and lets the point through for a percentage', async () => {
    renderPage();
    const limit = await screen.findByRole('textbox', { name: 'Invalid Records Limit' });

    await userEvent.type(limit, '1e+-.5');
    expect((limit as HTMLInputElement).value).toBe('15');

    await chooseOption('Max Invalid Record Count Method', 'Percentage');
    await userEvent.clear(limit);
    await userEvent.type(limit, '12.5e');
    expect((limit as HTMLInputElement).value).toBe('12.5');
  });

  it('refuses a percentage above 100 with the server message before sending', async () => {
    renderPage(`/operations/configuration/data-sources/create-data-source?reconId=${RECON.id}`);
    await ready();
    fillName('Bank Credits');
    await chooseOption('Pipeline', PIPELINE.name);
    await chooseOption('Invalid Pipeline', PIPELINE.name);
    fillLimit('Duplicate Records Limit', '0');
    fillLimit('Invalid Records Limit', '150');
    await chooseOption('Max Invalid Record Count Method', 'Percentage');
    await screen.findByText('3 columns');

    await create();

    expect(errorTitles().at(-1)).toBe('Invalid Records Limit cannot exceed 100 percent');
    expect(mock.history.post).toHaveLength(0);
  });
});
