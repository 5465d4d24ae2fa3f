import type { DataSourceRow } from '@recon/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import DataSourcesPage from '@/features/data-sources/data-sources-page';
import DuplicateDataSourcePage from '@/features/data-sources/duplicate-data-source-page';
import { DETAIL, page, RECON } from '@/features/data-sources/testing/fixtures';
import { chooseOption } from '@/features/data-sources/testing/select';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const ROW: DataSourceRow = {
  id: DETAIL.id,
  name: 'Bank Statement',
  recon: { id: RECON.id, name: RECON.name },
  pipeline: { id: 21, name: 'Bank Statement Upload' },
  table: 'm1_bank_statement',
  sequence: 1,
  isActive: true,
  dataElementCount: 7,
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-21T10:00:00Z',
};

function mockLists() {
  mock.onGet('/v2/recons').reply(200, { data: [RECON, { ...RECON, id: 6, name: 'Cards Recon' }] });
  mock.onGet('/v2/datasources').reply(200, { ...page([ROW]), recordsTotal: 125, recordsFiltered: 125 });
}

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  mockLists();
});
afterEach(() => {
  capture.release();
  mock.reset();
});

const LIST = '/operations/configuration/data-sources';
const DUPLICATE = `${LIST}/duplicate-data-source/:dataSourceId/data-source-name/:name/recon-id/:reconId`;

function renderList(codes = ['dataSources', 'createEditDataSource', 'viewDataSource'], initialEntry = LIST) {
  return renderRoute(
    <WithModule>
      <WithAccess codes={codes}>
        <DataSourcesPage />
      </WithAccess>
    </WithModule>,
    { path: LIST, initialEntry },
  );
}

const listParams = () =>
  mock.history.get?.filter((r) => r.url === '/v2/datasources' && !r.params?.Find).at(-1)?.params as Record<
    string,
    unknown
  >;

describe('data sources list', { timeout: 60_000 }, () => {
  it('pages on the server and sends the filters kept in the URL', async () => {
    const { router } = renderList(undefined, `${LIST}?recon=${RECON.id}&pipeline=Bank&page=2`);

    expect(await screen.findByText('Bank Statement')).toBeTruthy();
    expect(listParams()).toMatchObject({ start: 50, length: 50, recon: RECON.id, pipelineName: 'Bank' });

    fireEvent.change(screen.getByRole('textbox', { name: 'Table' }), { target: { value: 'm1_bank' } });
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));

    await waitFor(() => expect(listParams()).toMatchObject({ start: 0, table: 'm1_bank', recon: RECON.id }));
    expect(router.state.location.search).toContain('table=m1_bank');
  });

  it('offers edit and duplicate only with createEditDataSource, and view only with viewDataSource', async () => {
    renderList(['dataSources', 'viewDataSource']);
    const row = (await screen.findByText('Bank Statement')).closest('tr') as HTMLElement;

    expect(within(row).getByRole('button', { name: 'View Bank Statement' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Edit Bank Statement' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Duplicate Bank Statement' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Create Data Source/ })).toBeNull();
  });

  it('opens the duplicate route with the name and recon id of the row', async () => {
    const { router } = renderList();
    const row = (await screen.findByText('Bank Statement')).closest('tr') as HTMLElement;

    await userEvent.click(within(row).getByRole('button', { name: 'Duplicate Bank Statement' }));

    expect(router.state.location.pathname).toBe(
      `${LIST}/duplicate-data-source/${DETAIL.id}/data-source-name/Bank%20Statement/recon-id/${RECON.id}`,
    );
  });
});

describe('duplicate a data source', { timeout: 60_000 }, () => {
  function renderDuplicate() {
    return renderRoute(
      <WithModule>
        <WithAccess codes={['dataSources', 'createEditDataSource']}>
          <DuplicateDataSourcePage />
        </WithAccess>
      </WithModule>,
      {
        path: DUPLICATE,
        initialEntry: `${LIST}/duplicate-data-source/${DETAIL.id}/data-source-name/Bank%20Statement/recon-id/${RECON.id}`,
      },
    );
  }

  it('asks the new name and recon, then copies and opens the copy in edit', async () => {
    mock
      .onPost(`/v2/datasources/${DETAIL.id}/duplicate`)
      .reply(200, { ...DETAIL, id: 90, name: 'Bank Statement copy' });
    const { router } = renderDuplicate();
    const dialog = await screen.findByRole('dialog');

    expect((within(dialog).getByRole('textbox', { name: 'New Name' }) as HTMLInputElement).value).toBe(
      'Bank Statement copy',
    );
    await waitFor(() => expect(within(dialog).getByTitle(RECON.name)).toBeTruthy());
    await chooseOption('Recon', 'Cards Recon', dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Duplicate' }));

    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({ name: 'Bank Statement copy', reconId: 6 });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${LIST}/edit-data-source/90`));
  });

  it("shows the server's name check under the new name and does not copy", async () => {
    // Handlers answer in the order they were added: the name check goes before the list.
    mock.resetHandlers();
    mock
      .onGet('/v2/datasources', { params: { Find: 'validateDataSourceName', name: 'Gateway Settlement' } })
      .reply(200, { data: { isValid: false, message: 'Data source name already exists' } });
    mockLists();
    renderDuplicate();
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: 'New Name' });

    fireEvent.change(name, { target: { value: 'Gateway Settlement' } });
    fireEvent.blur(name);
    expect(await within(dialog).findByText('Data source name already exists')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Duplicate' }));

    expect(mock.history.post).toHaveLength(0);
  });
});
