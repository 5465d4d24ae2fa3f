import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { registerNavigate } from '@/lib/navigation';
import { getSignedInUser } from '@/lib/session';
import { ChangePasswordModal } from '@/shell/change-password-modal';
import { signIn } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

const mock = new MockAdapter(http);
const STRICT = 'Password must be 12 to 64 characters with an uppercase letter, a lowercase letter and a digit';

beforeEach(() => {
  signIn({ rolesName: ['ROLE_OPERATOR'] }, 1);
  mock.onGet('/v2/password-policy').reply(200, {
    passwordMinLength: 12,
    passwordRequireUppercase: true,
    passwordRequireLowercase: true,
    passwordRequireDigit: true,
    passwordRequireSymbol: false,
    text: STRICT,
  });
});
afterEach(() => mock.reset());

async function fill(current: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Current Password'), current);
  await userEvent.type(screen.getByLabelText('New Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('change password', () => {
  it('shows the policy in force and refuses a password it does not meet, without calling the server', async () => {
    renderRoute(<ChangePasswordModal open onClose={() => undefined} />, { path: '/' });
    expect(await screen.findByText(STRICT)).toBeTruthy();
    await fill('Old#Pass2026', 'Short1Aa');
    expect(await screen.findByText('Missing: at least 12 characters')).toBeTruthy();
    expect(mock.history.post).toHaveLength(0);
  });

  it("shows the server's refusal under its field", async () => {
    mock.onPost('/v2/changePassword').reply(400, {
      message: 'Current password is incorrect',
      errors: [{ field: 'currentPassword', defaultMessage: 'Current password is incorrect' }],
    });
    renderRoute(<ChangePasswordModal open onClose={() => undefined} />, { path: '/' });
    await screen.findByText(STRICT);
    await fill('Wrong#Pass2026', 'LongEnough2027');
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect(getSignedInUser()).not.toBeNull();
  });

  it('signs out with the server message once the password is changed', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    mock
      .onPost('/v2/changePassword')
      .reply(200, { message: 'Password changed. Please sign in again with your new password.' });
    renderRoute(<ChangePasswordModal open onClose={() => undefined} />, { path: '/' });
    await screen.findByText(STRICT);
    await fill('Old#Pass2026', 'LongEnough2027');
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith(
        `/login?notice=${encodeURIComponent('Password changed. Please sign in again with your new password.')}`,
      ),
    );
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({
      currentPassword: 'Old#Pass2026',
      password: 'LongEnough2027',
      confirmPassword: 'LongEnough2027',
    });
    expect(getSignedInUser()).toBeNull();
  });
});
