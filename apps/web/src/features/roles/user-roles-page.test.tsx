import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import UserRolesPage from '@/features/roles/user-roles-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const MANAGER = {
  id: 2,
  name: 'ROLE_MANAGER',
  displayName: 'Manager',
  isMaker: false,
  isChecker: true,
  privileges: [
    { privilegeCode: 'auditLogs', version: 'v2', description: 'View the audit log', isGranted: true },
    { privilegeCode: 'modules', version: 'v2', description: 'Manage modules', isGranted: false },
    { privilegeCode: 'reportExecutions', version: 'v2', description: 'Run reports', isGranted: true },
    { privilegeCode: 'legacyReports', version: 'v1', description: 'Old reports', isGranted: true },
  ],
};

beforeEach(() => {
  signIn({ rolesName: ['ROLE_ADMIN'] }, 1);
  capture = captureToasts();
  mock.onGet('/v2/roles/byRole/ROLE_MANAGER').reply(200, MANAGER);
  mock.onGet('/v2/roles').reply(200, {
    data: [
      {
        id: 2,
        name: 'ROLE_MANAGER',
        displayName: 'Manager',
        isMaker: false,
        isChecker: true,
        userCount: 3,
        privilegeCount: 2,
        isBuiltIn: true,
      },
      {
        id: 9,
        name: 'ROLE_RECON_CHECKER',
        displayName: 'ROLE_RECON_CHECKER',
        isMaker: false,
        isChecker: true,
        userCount: 2,
        privilegeCount: 0,
        isBuiltIn: false,
      },
    ],
  });
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderPage() {
  return renderRoute(
    <WithAccess codes={['roles']}>
      <UserRolesPage />
    </WithAccess>,
    {
      path: '/settings/user-settings/user-roles',
      initialEntry: '/settings/user-settings/user-roles?role=ROLE_MANAGER',
    },
  );
}

describe('user roles page', () => {
  it("shows the role's v2 privileges grouped by area: label first, the code set back, one line on what each allows", async () => {
    renderPage();

    const label = await screen.findByText('Audit Logs', { selector: 'strong' });
    const row = label.closest('label') as HTMLElement;
    const code = within(row).getByText('auditLogs');
    expect(label.compareDocumentPosition(code) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(code.closest('strong')).toBeNull();
    expect(within(row).getByText('See the audit trail: sign-ins, sessions and changes.')).toBeTruthy();
    expect(screen.getByText('Report Execution', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText('Settings')).toBeTruthy();
    expect(screen.getByText('Reports')).toBeTruthy();
    expect(screen.queryByText('Old reports')).toBeNull();
    expect(screen.getByRole('checkbox', { name: /auditLogs/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: /modules/ })).toHaveProperty('checked', false);
  });

  it('saves exactly the ticked privileges and confirms it', async () => {
    mock.onPost('/v2/roles').reply(200, {
      ...MANAGER,
      privileges: MANAGER.privileges.map((p) => (p.privilegeCode === 'modules' ? { ...p, isGranted: true } : p)),
    });
    renderPage();
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('checkbox', { name: /modules/ }));
    await userEvent.click(save);

    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(mock.history.post?.[0]?.params).toEqual({ Operation: 'UpdatePrivilege' });
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({
      roleName: 'ROLE_MANAGER',
      privilegeCodes: ['auditLogs', 'modules', 'reportExecutions'],
    });
    await waitFor(() =>
      expect(capture.toasts).toEqual([
        expect.objectContaining({ type: 'success', title: 'Privileges successfully updated' }),
      ]),
    );
  });

  it('creates a checker role and opens it to grant its privileges', async () => {
    const created = {
      ...MANAGER,
      id: 9,
      name: 'ROLE_RECON_CHECKER',
      displayName: 'ROLE_RECON_CHECKER',
      privileges: [],
    };
    mock.onPost('/v2/roles').reply(200, created);
    mock.onGet('/v2/roles/byRole/ROLE_RECON_CHECKER').reply(200, created);
    const { router } = renderPage();
    await screen.findByText('Audit Logs', { selector: 'strong' });
    await userEvent.click(screen.getByRole('button', { name: /Create Role/ }));
    const modal = await screen.findByRole('dialog');
    const name = within(modal).getByLabelText('Role Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'ROLE_RECON_CHECKER');
    await userEvent.click(within(modal).getByLabelText('Checker'));
    await userEvent.click(within(modal).getByRole('button', { name: 'Create Role' }));
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(mock.history.post?.[0]?.params?.Operation).toBeUndefined();
    expect(JSON.parse(mock.history.post?.[0]?.data)).toEqual({
      name: 'ROLE_RECON_CHECKER',
      isMaker: false,
      isChecker: true,
      privilegeCodes: [],
    });
    await waitFor(() => expect(router.state.location.search).toBe('?role=ROLE_RECON_CHECKER'));
    expect(capture.toasts.map((x) => x.title)).toContain('Role successfully created');
  });

  const CUSTOM = { ...MANAGER, id: 9, name: 'ROLE_RECON_CHECKER', displayName: 'ROLE_RECON_CHECKER', privileges: [] };

  it('renames a role and makes it a maker role, then opens it under its new name', async () => {
    const renamed = {
      ...CUSTOM,
      name: 'ROLE_RECON_MAKER',
      displayName: 'ROLE_RECON_MAKER',
      isMaker: true,
      isChecker: false,
    };
    mock.onGet('/v2/roles/byRole/ROLE_RECON_CHECKER').reply(200, CUSTOM);
    mock.onGet('/v2/roles/byRole/ROLE_RECON_MAKER').reply(200, renamed);
    mock.onPut('/v2/roles/9').reply(200, renamed);
    const { router } = renderRoute(
      <WithAccess codes={['roles']}>
        <UserRolesPage />
      </WithAccess>,
      {
        path: '/settings/user-settings/user-roles',
        initialEntry: '/settings/user-settings/user-roles?role=ROLE_RECON_CHECKER',
      },
    );
    await screen.findByText('Checker', { selector: '.ant-tag' });
    await userEvent.click(screen.getByRole('button', { name: /Edit Role/ }));
    const modal = await screen.findByRole('dialog');
    const name = within(modal).getByLabelText('Role Name');
    expect(name).toHaveProperty('value', 'ROLE_RECON_CHECKER');
    await userEvent.clear(name);
    await userEvent.type(name, 'ROLE_RECON_MAKER');
    await userEvent.click(within(modal).getByLabelText('Maker'));
    await userEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(mock.history.put?.[0]?.data)).toEqual({
      name: 'ROLE_RECON_MAKER',
      isMaker: true,
      isChecker: false,
    });
    await waitFor(() => expect(router.state.location.search).toBe('?role=ROLE_RECON_MAKER'));
    expect(capture.toasts.map((x) => x.title)).toContain('Role saved');
  });

  it("shows the server's refusal to delete a role users hold, and keeps the role open", async () => {
    mock.onGet('/v2/roles/byRole/ROLE_RECON_CHECKER').reply(200, CUSTOM);
    mock
      .onDelete('/v2/roles/9')
      .reply(409, [{ code: 'CONFLICT', message: '2 users hold this role: give them another role before deleting it' }]);
    const { router } = renderRoute(
      <WithAccess codes={['roles']}>
        <UserRolesPage />
      </WithAccess>,
      {
        path: '/settings/user-settings/user-roles',
        initialEntry: '/settings/user-settings/user-roles?role=ROLE_RECON_CHECKER',
      },
    );
    await screen.findByText('Checker', { selector: '.ant-tag' });
    await userEvent.click(screen.getByRole('button', { name: /Delete Role/ }));
    expect(
      await screen.findByText('Delete ROLE_RECON_CHECKER? Its privileges and approval rights go with it.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(capture.toasts.map((x) => x.title)).toContain(
        '2 users hold this role: give them another role before deleting it',
      ),
    );
    expect(router.state.location.search).toBe('?role=ROLE_RECON_CHECKER');
  });

  it('offers no delete for a built-in role and keeps its name in the edit', async () => {
    renderPage();
    await screen.findByText('Audit Logs', { selector: 'strong' });
    expect(screen.getByRole('button', { name: /Delete Role/ })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: /Edit Role/ }));
    const modal = await screen.findByRole('dialog');
    expect(within(modal).getByLabelText('Role Name')).toHaveProperty('disabled', true);
    expect(within(modal).getByText('A built-in role keeps its name; its kind can change.')).toBeTruthy();
  });
});
