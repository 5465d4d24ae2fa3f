import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AutoTicketingDrawer } from '@/features/data-sources/components/auto-ticketing-drawer';
import { chooseOption } from '@/features/data-sources/testing/select';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

// The Auto Ticketing side drawer (spec 3 §2): the fields, the assignee blocks (the last cannot be deleted), the
// body it sends, and the three success texts word for word.

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;
const DS = 7;
const OPTIONS = {
  columns: ['ref', 'amount', 'brand', 'partner'],
  brands: [
    { id: 11, name: 'Amazon' },
    { id: 12, name: 'Flipkart' },
  ],
  users: [{ id: 5, name: 'ops-lead', email: null }],
};
const SAVED = {
  id: 3,
  configEnabled: true,
  partnerColumn: 'partner',
  brandColumn: 'brand',
  subjectColumn: null,
  tagColumn: null,
  orderIdColumn: 'ref',
  notifyFromEmail: 'recon@shop.test',
  dataSource: { id: DS },
  assignees: [
    {
      marketplaceBrand: { id: 11, name: 'Amazon' },
      assignees: [{ associatedAs: 'ASSIGNED', assignedTo: { id: 5, name: 'ops-lead' }, assignedToEmail: null }],
    },
  ],
  updatedBy: 'admin',
  updatedAt: '2026-11-27T10:00:00.000Z',
};

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
});
afterEach(() => {
  capture.release();
  mock.reset();
});

const renderDrawer = () =>
  renderRoute(
    <WithModule>
      <WithAccess codes={['createEditDataSource']}>
        <AutoTicketingDrawer moduleId={1} dataSourceId={DS} isOpen isEditable onClose={() => undefined} />
      </WithAccess>
    </WithModule>,
  );

describe('Auto Ticketing drawer', { timeout: 60_000 }, () => {
  it('creates a config from the fields and one brand block, with "Auto Ticketing Created Successfully!"', async () => {
    mock.onGet('/v2/autoTicketConfig').reply(200, { data: null, options: OPTIONS });
    mock.onPost('/v2/autoTicketConfig').reply(201, { message: 'Auto Ticketing Created Successfully!', data: SAVED });
    renderDrawer();

    await screen.findByRole('combobox', { name: 'Brand Column' });
    await chooseOption('Brand Column', 'brand');
    await chooseOption('Partner Column', 'partner');
    await chooseOption('Order Id Column', 'ref');
    await userEvent.type(screen.getByRole('textbox', { name: 'Notify From Email' }), 'recon@shop.test');
    await chooseOption('Marketplace Brand', 'Amazon');
    await chooseOption('Assignees', 'ops-lead');
    // The only block cannot be deleted.
    expect(screen.getByRole('button', { name: 'Delete brand block' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(mock.history.get?.[0]?.params).toEqual({ Find: 'ByDataSource', dataSourceId: DS });
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({
      configEnabled: true,
      brandColumn: 'brand',
      partnerColumn: 'partner',
      subjectColumn: null,
      tagColumn: null,
      orderIdColumn: 'ref',
      notifyFromEmail: 'recon@shop.test',
      dataSource: { id: DS },
      assignees: [{ marketplaceBrand: { id: 11 }, assignees: [{ associatedAs: 'ASSIGNED', assignedTo: { id: 5 } }] }],
    });
    await waitFor(() => expect(capture.toasts.map((t) => t.title)).toContain('Auto Ticketing Created Successfully!'));
  });

  it('updates an existing config: switched off, a second brand added and removed, "Auto Ticketing Updated Successfully!"', async () => {
    mock.onGet('/v2/autoTicketConfig').reply(200, { data: SAVED, options: OPTIONS });
    mock.onPut('/v2/autoTicketConfig').reply(200, { message: 'Auto Ticketing Updated Successfully!', data: SAVED });
    renderDrawer();

    await userEvent.click(await screen.findByRole('switch', { name: 'Status' }));
    await userEvent.click(screen.getByRole('button', { name: /Add Brand/ }));
    const deletes = screen.getAllByRole('button', { name: 'Delete brand block' });
    expect(deletes).toHaveLength(2);
    expect(deletes.every((b) => !b.hasAttribute('disabled'))).toBe(true);
    await userEvent.click(deletes[1] as HTMLElement);
    expect(screen.getByRole('button', { name: 'Delete brand block' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(String(mock.history.put?.[0]?.data))).toMatchObject({
      id: 3,
      configEnabled: false,
      assignees: [{ marketplaceBrand: { id: 11 }, assignees: [{ associatedAs: 'ASSIGNED', assignedTo: { id: 5 } }] }],
    });
    await waitFor(() => expect(capture.toasts.map((t) => t.title)).toContain('Auto Ticketing Updated Successfully!'));
  });

  it('deletes after a confirmation, with "Auto Ticketing Deleted Successfully!"', async () => {
    mock.onGet('/v2/autoTicketConfig').reply(200, { data: SAVED, options: OPTIONS });
    mock.onDelete('/v2/autoTicketConfig/3').reply(200, { message: 'Auto Ticketing Deleted Successfully!', data: null });
    renderDrawer();

    await userEvent.click(await screen.findByRole('button', { name: /Delete$/ }));
    const confirm = await screen.findByRole('tooltip');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(mock.history.delete).toHaveLength(1));
    await waitFor(() => expect(capture.toasts.map((t) => t.title)).toContain('Auto Ticketing Deleted Successfully!'));
  });
});
