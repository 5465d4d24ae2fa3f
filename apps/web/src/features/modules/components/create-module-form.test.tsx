import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateModuleForm } from '@/features/modules/components/create-module-form';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { captureToasts } from '@/testing/notifications';
import { testQueryClient } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const USERS = [
  {
    id: 11,
    userName: 'ravi.m',
    name: 'Ravi Menon',
    email: 'ravi@example.com',
    isActive: true,
    isLocked: false,
    module: [],
    rolesName: [],
  },
  {
    id: 12,
    userName: 'lena.o',
    name: 'Lena Ortiz',
    email: null,
    isActive: true,
    isLocked: false,
    module: [],
    rolesName: [],
  },
];

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  mock.onGet('/v2/appusers').reply(200, { draw: 0, recordsTotal: 2, recordsFiltered: 2, data: USERS });
});

afterEach(() => {
  capture.release();
  mock.reset();
});

function renderForm() {
  const onCreated = vi.fn();
  render(
    <QueryClientProvider client={testQueryClient()}>
      <CreateModuleForm onCreated={onCreated} onCancel={() => undefined} />
    </QueryClientProvider>,
  );
  return { onCreated, addButton: () => screen.getByRole('button', { name: 'Add Module' }) };
}

async function chooseUser(label: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Users' }));
  await userEvent.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
}

describe('Create New Module form', () => {
  it('shows no message on mount and keeps Add Module disabled', () => {
    const { addButton } = renderForm();

    expect(screen.queryByText('Name is Required')).toBeNull();
    expect(screen.queryByText('Users are required')).toBeNull();
    expect(addButton()).toHaveProperty('disabled', true);
  });

  it('shows Name is Required when the name is left empty', async () => {
    renderForm();

    fireEvent.blur(screen.getByRole('textbox', { name: 'Name' }));

    expect(await screen.findByText('Name is Required')).toBeTruthy();
  });

  it('shows Users are required when the users are left untouched', async () => {
    renderForm();

    fireEvent.blur(screen.getByRole('combobox', { name: 'Users' }));

    expect(await screen.findByText('Users are required')).toBeTruthy();
  });

  it('shows Minimum 1 User is required when every chosen user is removed again', async () => {
    renderForm();
    await chooseUser('Ravi Menon (ravi.m)');
    // Clicking a chosen option again in the open list takes it out.
    await userEvent.click(screen.getByText('Ravi Menon (ravi.m)', { selector: '.ant-select-item-option-content' }));
    fireEvent.blur(screen.getByRole('combobox', { name: 'Users' }));

    expect(await screen.findByText('Minimum 1 User is required')).toBeTruthy();
  });

  it('creates the module with its name and users and shows the success toast', async () => {
    mock.onPost('/v2/modules').reply(200, {
      id: 5,
      name: 'Wallets',
      status: 'ACTIVE',
      rollbacksNeedApproval: false,
      bulkKnockOffNeedsApproval: false,
      userIds: [12],
      createdAt: '2025-01-01T00:00:00Z',
      updatedAt: '2025-01-01T00:00:00Z',
    });
    const { onCreated, addButton } = renderForm();

    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), '  Wallets ');
    await chooseUser('Lena Ortiz (lena.o)');
    await waitFor(() => expect(addButton()).toHaveProperty('disabled', false));
    await userEvent.click(addButton());

    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({ name: 'Wallets', userIds: [12] });
    expect(capture.toasts).toEqual([
      expect.objectContaining({ type: 'success', title: 'Module successfully created' }),
    ]);
  });

  it('shows a name clash on the name field', async () => {
    mock.onPost('/v2/modules').reply(409, [{ message: 'A module with this name already exists', code: 'CONFLICT' }]);
    const { addButton } = renderForm();

    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Payments');
    await chooseUser('Ravi Menon (ravi.m)');
    await waitFor(() => expect(addButton()).toHaveProperty('disabled', false));
    await userEvent.click(addButton());

    expect(await screen.findByText('A module with this name already exists')).toBeTruthy();
    expect(capture.toasts).toEqual([]);
  });
});
