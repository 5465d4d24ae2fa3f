import type { SignedInUser } from '@recon/contract';
import type { RegistrationStatus } from '@recon/contract/constants';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ModuleRoleUnauthorizedPage from '@/features/auth/module-role-unauthorized-page';
import { http } from '@/lib/http';
import { registerNavigate } from '@/lib/navigation';
import { getSignedInUser } from '@/lib/session';
import { signIn } from '@/testing/fixtures';
import { captureToasts } from '@/testing/notifications';
import { renderRoute } from '@/testing/render';

const PATH = '/module-role-unauthorized';
const NOT_ASSIGNED = 'Your role and module has not been assigned yet';
const RAISED = 'A request to assign a module has been raised to the department admin.';
const REJECTED =
  'Your user creation request is rejected. Please contact your department admin and raise a new request.';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;
let visited: string[];

beforeEach(() => {
  capture = captureToasts();
  visited = [];
  registerNavigate((to) => visited.push(to));
  mock.onGet('/v2/user-department').reply(200, { data: [{ id: 3, name: 'Treasury' }] });
});

afterEach(() => {
  capture.release();
  mock.reset();
});

function renderAs(user: Partial<SignedInUser> | null, query = '') {
  if (user) signIn({ rolesName: [], ...user });
  return renderRoute(<ModuleRoleUnauthorizedPage />, { path: PATH, initialEntry: `${PATH}${query}` });
}

const treasury = { id: 3, name: 'Treasury' };

describe('module-role-unauthorized page messages', () => {
  it.each<[RegistrationStatus, SignedInUser['userDepartment'], string]>([
    ['RAISED_FOR_APPROVAL', null, RAISED],
    ['REQUESTED_VIA_LDAP', treasury, RAISED],
    ['REQUESTED_VIA_LDAP', null, NOT_ASSIGNED],
    ['REJECTED', null, REJECTED],
    ['REQUESTED', null, NOT_ASSIGNED],
    ['REQUESTED_VIA_SAML', null, NOT_ASSIGNED],
    ['APPROVED', null, NOT_ASSIGNED],
  ])('shows the right message when the status is %s (department %o)', (registrationStatus, userDepartment, text) => {
    renderAs({ registrationStatus, userDepartment });

    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByText('Please reach out to your administrator')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('shows the plain message without a signed-in user', () => {
    renderAs(null);
    expect(screen.getByText(NOT_ASSIGNED)).toBeTruthy();
  });

  it('shows no department picker outside the department-selection flow', () => {
    renderAs({ registrationStatus: 'REJECTED', userDepartmentConfigurable: true });
    expect(screen.queryByRole('button', { name: 'Send for Approval' })).toBeNull();
  });

  it('clears the session and goes to /login from the Login button', async () => {
    renderAs({ registrationStatus: 'REQUESTED' });

    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(getSignedInUser()).toBeNull();
    expect(visited).toEqual(['/login']);
  });
});

describe('department selection flow', () => {
  const flow = '?flow=department-selection';

  it('shows the picker at once for an LDAP request without a department', async () => {
    renderAs({ registrationStatus: 'REQUESTED_VIA_LDAP', userDepartmentConfigurable: true }, flow);
    expect(await screen.findByRole('button', { name: 'Send for Approval' })).toBeTruthy();
  });

  it('shows the picker at once for a rejected request', () => {
    renderAs({ registrationStatus: 'REJECTED', userDepartmentConfigurable: true }, flow);
    expect(screen.getByRole('button', { name: 'Send for Approval' })).toBeTruthy();
  });

  it('hides the picker while a request awaits approval', () => {
    renderAs({ registrationStatus: 'RAISED_FOR_APPROVAL', userDepartmentConfigurable: true }, flow);
    expect(screen.queryByRole('button', { name: 'Send for Approval' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Department' })).toBeNull();
  });

  it('hides the picker when the department is not configurable', () => {
    renderAs({ registrationStatus: 'REJECTED', userDepartmentConfigurable: false }, flow);
    expect(screen.queryByRole('button', { name: 'Send for Approval' })).toBeNull();
  });

  it('reveals the picker behind Edit Department in other cases', async () => {
    renderAs(
      { registrationStatus: 'REQUESTED_VIA_LDAP', userDepartment: treasury, userDepartmentConfigurable: true },
      flow,
    );
    expect(screen.queryByRole('button', { name: 'Send for Approval' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Department' }));

    expect(screen.getByRole('button', { name: 'Send for Approval' })).toBeTruthy();
  });

  it('asks for a department when none is chosen', async () => {
    renderAs({ registrationStatus: 'REJECTED', userDepartmentConfigurable: true }, flow);

    await userEvent.click(screen.getByRole('button', { name: 'Send for Approval' }));

    expect(await screen.findByText('Please select a department')).toBeTruthy();
    expect(mock.history.put).toHaveLength(0);
  });

  it('sends the department for approval and then shows the request as raised', async () => {
    mock.onPut('/v2/user-department/assignDepartment/7').reply(200, { message: 'Department assigned' });
    renderAs({ registrationStatus: 'REJECTED', userDepartmentConfigurable: true, ssoTemporaryToken: 'sso-1' }, flow);

    await userEvent.click(screen.getByRole('combobox', { name: 'Department' }));
    await userEvent.click(await screen.findByText('Treasury', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send for Approval' }));

    expect(await screen.findByText(RAISED)).toBeTruthy();
    expect(JSON.parse(String(mock.history.put?.[0]?.data))).toEqual({ departmentId: 3, ssoTemporaryToken: 'sso-1' });
    expect(capture.toasts).toEqual([
      expect.objectContaining({ type: 'success', title: 'Department assigned successfully' }),
    ]);
  });

  it('says the department could not be assigned when the call fails', async () => {
    mock.onPut('/v2/user-department/assignDepartment/7').reply(500, []);
    renderAs({ registrationStatus: 'REJECTED', userDepartmentConfigurable: true }, flow);

    await userEvent.click(screen.getByRole('combobox', { name: 'Department' }));
    await userEvent.click(await screen.findByText('Treasury', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send for Approval' }));

    await waitFor(() =>
      expect(capture.toasts).toEqual([
        expect.objectContaining({ type: 'error', title: 'Failed to assign department' }),
      ]),
    );
  });
});
