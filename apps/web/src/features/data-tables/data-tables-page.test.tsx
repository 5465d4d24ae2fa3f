import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import DataTablesPage from '@/features/data-tables/data-tables-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { renderRoute } from '@/testing/render';

const mock = new MockAdapter(http);

const ROW = {
  id: 11,
  name: 'bank_statement',
  kind: 'DATA',
  description: 'Bank statement lines',
  columnCount: 7,
  tableName: 'm1_bank_statement',
  createdAt: '2026-11-21T10:00:00Z',
};

beforeEach(() => {
  signIn({}, 1);
  mock.onGet('/v2/datatables').reply(200, { draw: 1, recordsTotal: 135, recordsFiltered: 135, data: [ROW] });
});
afterEach(() => mock.reset());

const PATH = '/operations/configuration/data-tables';
const renderPage = (initialEntry = PATH) =>
  renderRoute(
    <WithModule>
      <DataTablesPage />
    </WithModule>,
    { path: PATH, initialEntry },
  );
const lastParams = () => mock.history.get?.at(-1)?.params as Record<string, unknown>;

describe('data tables list', { timeout: 60_000 }, () => {
  it('shows each table with its physical name and links to its page', async () => {
    renderPage();

    const link = await screen.findByRole('link', { name: 'bank_statement' });
    expect(link.getAttribute('href')).toBe(`${PATH}/view-data-table/11`);
    expect(screen.getByText('m1_bank_statement')).toBeTruthy();
    expect(screen.getByText(/^21-11-2026 \d{2}:\d{2} (AM|PM)$/)).toBeTruthy();
    expect(lastParams()).toMatchObject({ start: 0, length: 50 });
  });

  it('pages on the server with the kind filter and search kept in the URL', async () => {
    const { router } = renderPage(`${PATH}?kind=MASTER&search=bank`);
    await screen.findByRole('link', { name: 'bank_statement' });
    expect(lastParams()).toMatchObject({
      'columns[1][data]': 'kind',
      'columns[1][search][value]': 'MASTER',
      'search[value]': 'bank',
    });

    await userEvent.click(screen.getByTitle('2'));

    await waitFor(() => expect(lastParams()).toMatchObject({ start: 50, length: 50 }));
    expect(router.state.location.search).toContain('page=2');
    expect(router.state.location.search).toContain('kind=MASTER');
  });

  it('shows No Data available when the module has no tables', async () => {
    mock.reset();
    mock.onGet('/v2/datatables').reply(200, { draw: 1, recordsTotal: 0, recordsFiltered: 0, data: [] });
    renderPage();

    expect(await screen.findByText('No Data available')).toBeTruthy();
  });
});
