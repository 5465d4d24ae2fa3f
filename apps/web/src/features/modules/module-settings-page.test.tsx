import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ModuleSettingsPage from '@/features/modules/module-settings-page';
import { http } from '@/lib/http';
import { MODULES, signIn } from '@/testing/fixtures';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  mock.onGet('/v2/modules').reply(200, {
    data: [
      ...MODULES,
      { id: 3, name: 'Legacy', status: 'INACTIVE', rollbacksNeedApproval: false, bulkKnockOffNeedsApproval: false },
    ],
  });
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderPage(codes = ['modules', 'createModule']) {
  return renderRoute(
    <WithAccess codes={codes}>
      <ModuleSettingsPage />
    </WithAccess>,
    { path: '/settings/module-settings' },
  );
}

describe('module settings page', () => {
  it('lists every module with its status', async () => {
    renderPage();

    expect(await screen.findByText('Payments')).toBeTruthy();
    const legacyRow = screen.getByText('Legacy').closest('tr');
    if (!legacyRow) throw new Error('row expected');
    expect(within(legacyRow).getByText('Inactive')).toBeTruthy();
  });

  it('offers Create New Module only to holders of createModule', async () => {
    renderPage(['modules']);
    await screen.findByText('Payments');
    expect(screen.queryByRole('button', { name: /Create New Module/ })).toBeNull();
  });

  it('deletes a module only after the confirmation', async () => {
    mock.onDelete('/v2/modules/2').reply(200, { message: 'Deleted' });
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Cards' }));
    expect(mock.history.delete).toHaveLength(0);
    expect(await screen.findByText('Delete module "Cards"?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(mock.history.delete?.map((r) => r.url)).toEqual(['/v2/modules/2']));
    await waitFor(() =>
      expect(capture.toasts).toEqual([
        expect.objectContaining({ type: 'success', title: 'Module successfully deleted' }),
      ]),
    );
  });

  it('renames a module and changes its status', async () => {
    mock.onPut('/v2/modules/1').reply(200, {
      id: 1,
      name: 'Payments India',
      status: 'ACTIVE',
      rollbacksNeedApproval: false,
      bulkKnockOffNeedsApproval: false,
      userIds: [],
      createdAt: '2025-01-01T00:00:00Z',
      updatedAt: '2025-01-02T00:00:00Z',
    });
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Payments' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Payments India');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(String(mock.history.put?.[0]?.data))).toEqual({
      name: 'Payments India',
      status: 'ACTIVE',
      rollbacksNeedApproval: false,
      bulkKnockOffNeedsApproval: false,
    });
  });

  it('turns on the approval switches of a module, shown in the list', async () => {
    mock.onPut('/v2/modules/2').reply(200, {
      ...MODULES[1],
      bulkKnockOffNeedsApproval: true,
      userIds: [],
      createdAt: '2025-01-01T00:00:00Z',
      updatedAt: '2025-01-02T00:00:00Z',
    });
    renderPage();

    const cards = (await screen.findByText('Cards')).closest('tr') as HTMLElement;
    expect(within(cards).getAllByText('Direct')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Cards' }));
    const bulk = await screen.findByRole('switch', { name: 'Bulk knock-off needs approval' });
    expect(bulk.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(bulk);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(String(mock.history.put?.[0]?.data))).toEqual({
      name: 'Cards',
      status: 'ACTIVE',
      rollbacksNeedApproval: false,
      bulkKnockOffNeedsApproval: true,
    });
  });
});
