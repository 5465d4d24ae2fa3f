import type { ReconDetail } from '@recon/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import EditReconPage from '@/features/recons/edit-recon-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const source = (id: number, name: string, sequence: number, side: 'A' | 'B' | null) => ({
  id,
  name,
  sequence,
  side,
  tableName: `m1_${name.toLowerCase().replaceAll(' ', '_')}`,
});

const RECON: ReconDetail = {
  id: 5,
  name: 'Bank vs Gateway',
  description: '',
  dataSourceCount: 3,
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-21T10:00:00Z',
  dataSources: [source(31, 'Bank Statement', 1, 'A'), source(32, 'Gateway', 2, 'B'), source(33, 'Ledger', 3, null)],
  sideA: { id: 31, name: 'Bank Statement' },
  sideB: { id: 32, name: 'Gateway' },
};

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  mock.onGet('/v2/recons/5').reply(200, RECON);
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderPage(codes = ['recons', 'viewDataSource']) {
  return renderRoute(
    <WithModule>
      <WithAccess codes={codes}>
        <EditReconPage />
      </WithAccess>
    </WithModule>,
    {
      path: '/operations/configuration/recons/edit-recon/:id',
      initialEntry: '/operations/configuration/recons/edit-recon/5',
    },
  );
}

async function pickSide(label: 'Side A' | 'Side B', option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
  const item = open?.querySelector(`.ant-select-item-option[title="${option}"]`);
  if (!item) throw new Error(`no option ${option}`);
  await userEvent.click(item);
}

describe('edit recon', { timeout: 60_000 }, () => {
  it("lists the recon's data sources with their sides, each linking to its page", async () => {
    renderPage();

    const link = await screen.findByRole('link', { name: 'Ledger' });
    expect(link.getAttribute('href')).toBe('/operations/configuration/data-sources/view-data-source/33');
    expect(screen.getAllByText('Side A').length).toBeGreaterThan(0);
  });

  it('will not send the same data source as both sides', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Ledger' });

    await pickSide('Side B', 'Bank Statement');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Side A and side B must be different data sources')).toBeTruthy();
    expect(mock.history.put).toHaveLength(0);
  });

  it('sends both sides with the name and description', async () => {
    mock.onPut('/v2/recons/5').reply(200, { ...RECON, updatedAt: '2026-11-22T10:00:00Z' });
    renderPage();
    await screen.findByRole('link', { name: 'Ledger' });

    await pickSide('Side B', 'Ledger');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(String(mock.history.put?.[0]?.data))).toEqual({
      id: 5,
      name: 'Bank vs Gateway',
      description: '',
      sideADataSourceId: 31,
      sideBDataSourceId: 33,
    });
    await waitFor(() => expect(capture.toasts.map((t) => t.title)).toEqual(['Successfully Updated']));
  });

  it("shows the server's name clash under the name", async () => {
    const message = 'A recon with this name already exists';
    mock.onPut('/v2/recons/5').reply(400, { message, errors: [{ field: 'name', defaultMessage: message }] });
    renderPage();
    await screen.findByRole('link', { name: 'Ledger' });

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(message)).toBeTruthy();
    expect(capture.toasts).toEqual([]);
  });

  it('says its edits are unsaved and asks before leaving with them', async () => {
    const { router } = renderPage();
    const name = await screen.findByRole('textbox', { name: /Name/ });
    expect(screen.queryByText('Unsaved changes')).toBeNull();

    await userEvent.type(name, ' (new)');
    expect(await screen.findByText('Unsaved changes')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Cancel/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Leave without saving?')).toBeTruthy();
    expect(within(dialog).getByText('Your changes to this recon are not saved and will be lost.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/operations/configuration/recons/edit-recon/5');

    await userEvent.click(screen.getByRole('button', { name: /Cancel/ }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/operations/configuration/recons'));
  });
});
