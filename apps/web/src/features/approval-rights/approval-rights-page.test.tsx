import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ApprovalRightsPage from '@/features/approval-rights/approval-rights-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute } from '@/testing/render';

const mock = new MockAdapter(http);
let toasts: ReturnType<typeof captureToasts>;

const role = (id: number, name: string, isChecker = false) => ({
  id,
  name,
  displayName: name,
  isMaker: false,
  isChecker,
  userCount: 1,
  privilegeCount: 3,
  isBuiltIn: false,
});

beforeEach(() => {
  toasts = captureToasts();
  signIn({}, 1);
  mock.onGet('/v2/approvalRights').reply(200, {
    data: [
      { kind: 'ROLLBACK', kindLabel: 'Rollback', roleNames: ['ROLE_MANAGER'] },
      { kind: 'BULK_KNOCK_OFF', kindLabel: 'Bulk knock off', roleNames: [] },
    ],
  });
  mock.onGet('/v2/roles').reply(200, {
    data: [role(2, 'ROLE_MANAGER'), role(5, 'ROLE_SENIOR_CHECKER', true)],
  });
});
afterEach(() => {
  mock.reset();
  toasts.release();
});

const renderPage = () =>
  renderRoute(
    <WithModule>
      <ApprovalRightsPage />
    </WithModule>,
    { path: '/settings/approval-rights' },
  );

describe('approval rights page', () => {
  it('shows each kind with its roles, and saves the roles chosen for one kind in the module', async () => {
    mock.onPut('/v2/approvalRights').reply(200, {
      kind: 'BULK_KNOCK_OFF',
      kindLabel: 'Bulk knock off',
      roleNames: ['ROLE_SENIOR_CHECKER'],
    });
    renderPage();
    expect(await screen.findByText('Rollback')).toBeTruthy();
    const rollback = screen.getByText('Rollback').closest('tr') as HTMLElement;
    // Unchanged rights cannot be saved (the chips themselves are measured by the browser: see the journey).
    expect(within(rollback).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    const row = screen.getByText('Bulk knock off').closest('tr') as HTMLElement;
    const save = within(row).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(row).getByRole('combobox', { name: 'Roles that approve: Bulk knock off' }));
    await userEvent.click(
      await screen.findByText('ROLE_SENIOR_CHECKER · Checker', { selector: '.ant-select-item-option-content' }),
    );
    await userEvent.click(save);
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(mock.history.put?.[0]?.data)).toEqual({
      kind: 'BULK_KNOCK_OFF',
      roleNames: ['ROLE_SENIOR_CHECKER'],
    });
    expect(mock.history.put?.[0]?.headers?.['X-Module-Id'] ?? mock.history.put?.[0]?.headers?.['x-module-id']).toBe(
      '1',
    );
    await waitFor(() => expect(toasts.toasts.map((x) => x.title)).toContain('Approval rights saved'));
  });
});
