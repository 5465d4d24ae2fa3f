import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import UsersPage from '@/features/users/users-page';
import { http } from '@/lib/http';
import { MODULES, signIn } from '@/testing/fixtures';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let toasts: ReturnType<typeof captureToasts>;

const ANA = {
  id: 11,
  userName: 'ana.lima',
  name: 'Ana Lima',
  email: 'ana@bank.test',
  isActive: true,
  isLocked: false,
  module: ['Payments'],
  rolesName: ['ROLE_OPERATOR'],
};
const BEN = { ...ANA, id: 12, userName: 'ben.ok', name: 'Ben Okafor', email: 'ben@bank.test', isLocked: true };
const ANA_DETAIL = {
  id: 11,
  userName: 'ana.lima',
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana@bank.test',
  contactNumber: null,
  isActive: true,
  isLocked: false,
  registrationStatus: 'APPROVED',
  departmentId: null,
  departmentName: null,
  rolesName: ['ROLE_OPERATOR'],
  moduleIds: [1],
  module: ['Payments'],
  createdAt: '2026-11-20T10:00:00Z',
};
const ROLES = [
  {
    id: 1,
    name: 'ROLE_ADMIN',
    displayName: 'Admin',
    isMaker: false,
    isChecker: false,
    userCount: 1,
    privilegeCount: 80,
    isBuiltIn: false,
  },
  {
    id: 3,
    name: 'ROLE_OPERATOR',
    displayName: 'Operator',
    isMaker: false,
    isChecker: false,
    userCount: 2,
    privilegeCount: 9,
    isBuiltIn: false,
  },
];
const WAITING = {
  id: 21,
  userName: 'sso.sam',
  name: 'Sam Iyer',
  email: 'sam@bank.test',
  registrationStatus: 'REQUESTED_VIA_SAML',
  departmentName: 'Finance',
  requestedAt: '2026-11-26T09:30:00Z',
};

beforeEach(() => {
  toasts = captureToasts();
  signIn({}, 1);
  mock.onGet('/v2/appusers').reply(200, { draw: 1, recordsTotal: 2, recordsFiltered: 2, data: [ANA, BEN] });
  mock.onGet('/v2/appusers/ssoRequested').reply(200, { data: [WAITING] });
  mock.onGet('/v2/appusers/11').reply(200, ANA_DETAIL);
  mock.onGet('/v2/roles').reply(200, { data: ROLES });
  mock.onGet('/v2/modules').reply(200, { data: MODULES });
  mock.onGet('/v2/user-department').reply(200, { data: [{ id: 4, name: 'Finance' }] });
  mock.onGet('/v2/globalsettings').reply(200, { data: [] });
});
afterEach(() => {
  mock.reset();
  toasts.release();
});

const PATH = '/settings/user-settings/users';
const renderPage = (initialEntry = PATH) =>
  renderRoute(
    <WithAccess codes={['users']}>
      <UsersPage />
    </WithAccess>,
    { path: PATH, initialEntry },
  );
const listParams = () =>
  mock.history.get?.filter((r) => r.url === '/v2/appusers').at(-1)?.params as Record<string, unknown>;

describe('users page', () => {
  it('lists the users with roles, modules and a Locked mark, and filters by column from the URL', async () => {
    renderPage(`${PATH}?module=pay&isActive=true`);
    expect(await screen.findByText('ana.lima')).toBeTruthy();
    expect(screen.getAllByText('Operator').length).toBe(2);
    expect(screen.getByText('Locked')).toBeTruthy();
    expect(listParams()).toMatchObject({
      'columns[3][data]': 'module',
      'columns[3][search][value]': 'pay',
      'columns[4][data]': 'isActive',
      'columns[4][search][value]': 'true',
    });
  });

  it('disables a user only after the confirmation naming them', async () => {
    mock.onPut('/v2/appusers').reply(200, { id: 11, userName: 'ana.lima', isActive: false, locksLifted: 0 });
    renderPage();
    await screen.findByText('ana.lima');
    const anaRow = screen.getByText('ana.lima').closest('tr') as HTMLElement;
    await userEvent.click(within(anaRow).getByRole('switch'));
    expect(mock.history.put).toHaveLength(0);
    expect(
      await screen.findByText('Disable ana.lima? Their sessions end at once and they cannot sign in.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    const put = mock.history.put?.[0];
    expect(put?.params).toMatchObject({ Update: 'UserActivationManagement' });
    expect(JSON.parse(put?.data)).toEqual({ id: 11, isActive: false });
  });

  it('unlocks a locked user', async () => {
    mock.onPut('/v2/appusers').reply(200, { id: 12, userName: 'ben.ok', isActive: true, locksLifted: 2 });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Unlock/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(mock.history.put?.[0]?.data)).toEqual({ id: 12, isActive: true });
  });

  it('resets the authenticator app of a user who set one up, after a confirmation naming them', async () => {
    mock.onGet('/v2/appusers').reply(200, {
      draw: 1,
      recordsTotal: 2,
      recordsFiltered: 2,
      data: [
        { ...ANA, hasAuthenticator: true },
        { ...BEN, isLocked: false },
      ],
    });
    mock.onDelete('/v2/appusers/11/totp').reply(200, { message: 'reset' });
    renderPage();
    const buttons = await screen.findAllByRole('button', { name: 'Reset authenticator app' });
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0] as HTMLElement);
    expect(await screen.findByText(/Reset the authenticator app of ana.lima\?/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(mock.history.delete?.map((r) => r.url)).toEqual(['/v2/appusers/11/totp']));
  });

  it("edits a user in the drawer and shows the server's refusal under the field", async () => {
    const refusal = 'Email domain not allowed: use an address at bank.test';
    mock
      .onPut('/v2/appusers')
      .replyOnce(400, { message: refusal, errors: [{ field: 'email', defaultMessage: refusal }] });
    mock.onPut('/v2/appusers').replyOnce(200, { ...ANA_DETAIL, firstName: 'Anna' });
    renderPage();
    const anaRow = (await screen.findByText('ana.lima')).closest('tr') as HTMLElement;
    await userEvent.click(within(anaRow).getByRole('button', { name: 'Edit' }));
    const drawer = await screen.findByRole('dialog');
    const firstName = await within(drawer).findByLabelText('First Name');
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Anna');
    const email = within(drawer).getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'anna@gmail.com');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText(refusal)).toBeTruthy();
    expect(JSON.parse(mock.history.put?.[0]?.data)).toEqual({
      id: 11,
      firstName: 'Anna',
      lastName: 'Lima',
      email: 'anna@gmail.com',
      contactNumber: null,
      rolesName: ['ROLE_OPERATOR'],
      moduleIds: [1],
      departmentId: null,
    });
    await userEvent.clear(email);
    await userEvent.type(email, 'anna@bank.test');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(2));
    // Saved: the drawer closes.
    await waitFor(() => expect(screen.queryByLabelText('First Name')).toBeNull());
    expect(toasts.toasts.map((x) => x.title)).toContain('User updated');
  });

  it('asks for the required fields before creating a user', async () => {
    renderPage();
    await screen.findByText('ana.lima');
    await userEvent.click(screen.getByRole('button', { name: /Create User/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText(/invitation|email with a link/i)).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('button', { name: /Create User/ }));
    expect(await within(drawer).findByText('User name is required')).toBeTruthy();
    expect(within(drawer).getByText('Email is required')).toBeTruthy();
    expect(within(drawer).getByText('Select at least one role')).toBeTruthy();
    expect(within(drawer).getByText('Select at least one module')).toBeTruthy();
    expect(mock.history.post).toHaveLength(0);
  });

  it('lists the users waiting for approval and rejects one with the remark it requires', async () => {
    mock
      .onPut('/v2/appusers/updateSsoUserDetails')
      .reply(200, { id: 21, registrationStatus: 'REJECTED', message: 'User rejected' });
    renderPage();
    const row = (await screen.findByText('sso.sam')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Requested via SAML')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    const modal = await screen.findByRole('dialog');
    await userEvent.click(within(modal).getByRole('button', { name: 'Reject' }));
    expect(await within(modal).findByText('A remark is required to reject')).toBeTruthy();
    await userEvent.type(within(modal).getByLabelText('Remark'), 'Not our team');
    await userEvent.click(within(modal).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(mock.history.put?.[0]?.data)).toEqual({
      id: 21,
      decision: 'REJECT',
      rolesName: [],
      moduleIds: [],
      remark: 'Not our team',
    });
  });

  it('approves a waiting user with the roles and modules they get', async () => {
    mock
      .onPut('/v2/appusers/updateSsoUserDetails')
      .reply(200, { id: 21, registrationStatus: 'APPROVED', message: 'User approved' });
    renderPage();
    const row = (await screen.findByText('sso.sam')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    const modal = await screen.findByRole('dialog');
    await userEvent.click(within(modal).getByRole('button', { name: 'Approve' }));
    expect(await within(modal).findByText('Select at least one role')).toBeTruthy();
    expect(within(modal).getByText('Select at least one module')).toBeTruthy();
    await userEvent.click(within(modal).getByRole('combobox', { name: 'Roles' }));
    await userEvent.click(await screen.findByText('Operator', { selector: '.ant-select-item-option-content' }));
    await userEvent.click(within(modal).getByRole('combobox', { name: 'Modules' }));
    await userEvent.click(await screen.findByText('Cards', { selector: '.ant-select-item-option-content' }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(mock.history.put?.[0]?.data)).toEqual({
      id: 21,
      decision: 'APPROVE',
      rolesName: ['ROLE_OPERATOR'],
      moduleIds: [2],
      remark: '',
    });
    await waitFor(() => expect(toasts.toasts.map((x) => x.title)).toContain('User approved'));
  });

  it('says when no user matches the filters', async () => {
    mock.onGet('/v2/appusers').reply(200, { draw: 1, recordsTotal: 0, recordsFiltered: 0, data: [] });
    renderPage(`${PATH}?name=zz`);
    expect(await screen.findByText('No users match these filters')).toBeTruthy();
  });

  it('shows the maker role by its readable name, a role without one as it is, and a long email whole in a tooltip', async () => {
    const email = 'ana.lima.with.a.very.long.mailbox.name@treasury-operations.bank.test';
    mock.onGet('/v2/appusers').reply(200, {
      draw: 1,
      recordsTotal: 1,
      recordsFiltered: 1,
      data: [{ ...ANA, email, rolesName: ['ROLE_MAKER', 'ROLE_CARDS_ADMIN', 'ROLE_OPERATOR'] }],
    });
    renderPage();
    expect(await screen.findByText('Maker')).toBeTruthy();
    expect(screen.queryByText('ROLE_MAKER')).toBeNull();
    expect(screen.getByText('ROLE_CARDS_ADMIN')).toBeTruthy();
    expect(screen.getByText('Operator')).toBeTruthy();
    await userEvent.hover(screen.getByText(email));
    expect(await screen.findByRole('tooltip', { name: email })).toBeTruthy();
  });

  it('offers Retry when the list cannot be loaded, and shows the users once it can', async () => {
    let calls = 0;
    mock.onGet('/v2/appusers').reply(() => {
      calls += 1;
      return calls === 1 ? [500, {}] : [200, { draw: 1, recordsTotal: 1, recordsFiltered: 1, data: [ANA] }];
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('ana.lima')).toBeTruthy();
  });
});
