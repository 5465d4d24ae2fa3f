import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import PipelinesPage from '@/features/pipelines/pipelines-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const table = { id: 5, name: 'bank_statement', tableName: 'm1_bank_statement' };
const pipeline = (id: number, name: string, source: string, status: string) => ({
  id,
  name,
  description: '',
  source,
  dataTable: table,
  fileUploadConfigStatus: status,
  createdAt: '2026-10-01T09:00:00Z',
  updatedAt: '2026-10-02T09:00:00Z',
});

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  mock.onGet('/v2/pipeline/all').reply(200, {
    data: [
      pipeline(1, 'Bank Statement Load', 'FILE', 'Configured'),
      pipeline(2, 'Gateway Settlement Load', 'FILE', 'Pending'),
      pipeline(3, 'Razorpay API', 'RAZORPAY', 'Not Required'),
    ],
  });
  mock.onGet('/v2/datatables').reply(200, {
    draw: 1,
    recordsTotal: 1,
    recordsFiltered: 1,
    data: [{ ...table, kind: 'DATA', description: '', columnCount: 7, createdAt: '2026-10-01T09:00:00Z' }],
  });
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderPage() {
  return renderRoute(
    <WithModule>
      <WithAccess codes={['pipelines']}>
        <PipelinesPage />
      </WithAccess>
    </WithModule>,
    { path: '/operations/configuration/pipelines' },
  );
}

const rowOf = (name: string) => {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`row ${name} expected`);
  return within(row);
};

describe('pipelines page', () => {
  it('offers Configure for a pending config, Edit for a configured one and nothing when not required', async () => {
    renderPage();
    await screen.findByText('Bank Statement Load');

    expect(
      rowOf('Bank Statement Load').getByRole('link', { name: 'Edit Bank Statement Load' }).getAttribute('href'),
    ).toBe('/operations/configuration/pipelines/edit-uploaded-file-config/1?pipelineName=Bank%20Statement%20Load');
    expect(
      rowOf('Gateway Settlement Load')
        .getByRole('link', { name: 'Configure Gateway Settlement Load' })
        .getAttribute('href'),
    ).toBe('/operations/configuration/pipelines/configure-file-upload/2?pipelineName=Gateway%20Settlement%20Load');
    expect(rowOf('Razorpay API').getByText('Not Required')).toBeTruthy();
    expect(rowOf('Razorpay API').queryByRole('link')).toBeNull();
  });

  it('creates a pipeline with its source and data table', async () => {
    mock.onPost('/v2/pipeline').reply(200, pipeline(4, 'UPI Load', 'FILE', 'Pending'));
    renderPage();
    await screen.findByText('Bank Statement Load');

    await userEvent.click(screen.getByRole('button', { name: /Create Pipeline/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'UPI Load' } });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Data Table' }));
    await userEvent.click(await screen.findByTitle('bank_statement'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({
      name: 'UPI Load',
      description: '',
      source: 'FILE',
      dataTableId: 5,
    });
    await waitFor(() =>
      expect(capture.toasts).toContainEqual(
        expect.objectContaining({ type: 'success', title: 'Pipeline successfully created' }),
      ),
    );
  });

  it('shows a taken name on the name field', async () => {
    mock.onPut('/v2/pipeline/2').reply(400, {
      message: 'A pipeline with this name already exists',
      errors: [{ field: 'name', defaultMessage: 'A pipeline with this name already exists' }],
    });
    renderPage();
    await screen.findByText('Bank Statement Load');

    await userEvent.click(screen.getByRole('button', { name: 'Edit pipeline Gateway Settlement Load' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('A pipeline with this name already exists')).toBeTruthy();
    expect(mock.history.put?.[0]?.url).toBe('/v2/pipeline/2');
  });
});
