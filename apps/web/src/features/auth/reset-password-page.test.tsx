import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ResetPasswordPage from '@/features/auth/reset-password-page';
import { http } from '@/lib/http';
import { captureToasts } from '@/testing/notifications';
import { renderRoute } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;
beforeEach(() => {
  capture = captureToasts();
});
afterEach(() => {
  capture.release();
  mock.reset();
});

const renderPage = (query = '?tempToken=tmp-9') =>
  renderRoute(<ResetPasswordPage />, { path: '/reset-password', initialEntry: `/reset-password${query}` });

describe('reset password page', () => {
  it('says the link is invalid without a tempToken', () => {
    renderPage('');
    expect(screen.getByText('Reset link is invalid or has expired')).toBeTruthy();
  });

  it('resets the password with the code and confirms it', async () => {
    mock.onPost('/v2/send-otp-reset-password').reply(200, { message: 'Code sent', maskedContactNumber: '******1234' });
    mock.onPost('/v2/resetPassword').reply(200, { message: 'Your password has been changed' });
    renderPage();

    await userEvent.type(screen.getByLabelText('New Password'), 'N3w!Passw0rd');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'N3w!Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Verification Code' }), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Your password has been changed')).toBeTruthy();
    const reset = mock.history.post?.find((r) => r.url === '/v2/resetPassword');
    expect(JSON.parse(String(reset?.data))).toEqual({
      tempToken: 'tmp-9',
      password: 'N3w!Passw0rd',
      confirmPassword: 'N3w!Passw0rd',
      otp: '654321',
    });
  });

  it('asks for a mobile number when the server says the user has none', async () => {
    mock
      .onPost('/v2/send-otp-reset-password')
      .reply(400, [{ message: 'Add a contact number to receive the code', code: 'CONTACT_NUMBER_REQUIRED' }]);
    renderPage();

    await userEvent.click(screen.getByRole('button', { name: 'Send Code' }));

    expect(await screen.findByText('Add a contact number to receive the code')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Mobile Number' })).toBeTruthy();
    expect(capture.toasts).toEqual([]);
  });

  it('keeps the form from being sent while the password breaks the policy', async () => {
    renderPage();

    await userEvent.type(screen.getByLabelText('New Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(
      await screen.findByText('Missing: at least 8 characters, an uppercase letter, a digit, a special character'),
    ).toBeTruthy();
    expect(screen.getByText(/Password must be 8 to 64 characters/)).toBeTruthy();
    expect(mock.history.post).toHaveLength(0);
  });
});
