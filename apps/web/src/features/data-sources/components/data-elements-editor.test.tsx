import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataElementsEditor } from '@/features/data-sources/components/data-elements-editor';
import { COLUMNS, DETAIL } from '@/features/data-sources/testing/fixtures';
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
  mock
    .onGet(`/v2/datasources/${DETAIL.id}`, { params: { find: 'DataElements' } })
    .reply(200, { data: DETAIL.dataElements });
  mock.onGet('/v2/datatables/columns').reply(200, { data: COLUMNS });
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderEditor(isEditable = true) {
  return renderRoute(
    <WithModule>
      <WithAccess codes={['createEditDataSource']}>
        <DataElementsEditor dataSourceId={DETAIL.id} table={DETAIL.table} isEditable={isEditable} />
      </WithAccess>
    </WithModule>,
  );
}

describe('data elements editor', { timeout: 60_000 }, () => {
  it('keeps changes until Save, then sends one updateDataElement per changed element', async () => {
    mock
      .onPut('/v2/datasources/updateDataElement')
      .reply((config) => [200, { ...DETAIL.dataElements[1], ...JSON.parse(config.data) }]);
    renderEditor();

    await userEvent.click(await screen.findByRole('switch', { name: 'amount active' }));
    expect(mock.history.put).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: /Save Elements/ }));

    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(mock.history.put?.[0]?.params).toEqual({ dataSourceId: DETAIL.id });
    expect(JSON.parse(String(mock.history.put?.[0]?.data))).toEqual({ id: 42, active: false });
    await waitFor(() => expect(capture.toasts.map((t) => t.title)).toEqual(['Successfully Updated']));
  });

  it('resets unsaved changes', async () => {
    renderEditor();
    const toggle = await screen.findByRole('switch', { name: 'reference active' });
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    await userEvent.click(screen.getByRole('button', { name: /Reset/ }));

    expect(screen.getByRole('switch', { name: 'reference active' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('button', { name: /Save Elements/ }).hasAttribute('disabled')).toBe(true);
  });

  it("adds one of the table's remaining columns as an element", async () => {
    mock.onPost('/v2/datasources/createDataElement').reply(200, {
      id: 43,
      name: 'utr',
      inputType: 'TEXT',
      type: 'VARCHAR',
      active: true,
      sequence: 3,
    });
    renderEditor();
    await userEvent.click(await screen.findByRole('button', { name: /Add Element/ }));
    const dialog = await screen.findByRole('dialog');

    // Only columns that are not elements yet, and never the system columns.
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Column' }));
    expect(document.querySelector('.ant-select-item-option[title="reference (VARCHAR)"]')).toBeNull();
    expect(document.querySelector('.ant-select-item-option[title="_row_no (INT)"]')).toBeNull();
    await userEvent.click(await screen.findByTitle('utr (VARCHAR)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Element' }));

    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(mock.history.post?.[0]?.params).toEqual({ dataSourceId: DETAIL.id });
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({
      name: 'utr',
      type: 'VARCHAR',
      inputType: 'TEXT',
      active: true,
    });
  });

  it('shows the elements read-only without the privilege to edit', async () => {
    renderEditor(false);
    expect(await screen.findByText('reference')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /Add Element/ })).toBeNull();
  });
});
