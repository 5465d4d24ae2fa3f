import type { OtpPending } from '@recon/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, describe, expect, it } from 'vitest';
import { savePendingLogin } from '@/features/auth/pending-login';
import VerifyNumberPage from '@/features/auth/verify-number-page';
import { http } from '@/lib/http';
import { getSignedInUser } from '@/lib/session';
import { userFixture } from '@/testing/fixtures';
import { captureToasts } from '@/testing/notifications';
import { renderRoute } from '@/testing/render';

const mock = new MockAdapter(http);
afterEach(() => mock.reset());

function pending(overrides: Partial<OtpPending> = {}): OtpPending {
  return {
    id: 7,
    userId: 7,
    userName: 'asha.k',
    otpRequired: true,
    contactNumberRequired: false,
    tempToken: 'tmp-1',
    maskedContactNumber: '******1234',
    otpExpiresInSeconds: 300,
    ...overrides,
  };
}

async function typeCode(code: string) {
  const boxes = await screen.findAllByRole('textbox');
  await userEvent.click(boxes[0] as HTMLElement);
  await userEvent.keyboard(code);
}

describe('verify number page', () => {
  it('goes back to /login without a pending sign-in', async () => {
    const { router } = renderRoute(<VerifyNumberPage />, { path: '/verify-number' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('verifies the code, stores the user and enters the app', async () => {
    savePendingLogin(pending());
    mock.onPost('/v2/verifyotp').reply(200, userFixture({ authToken: 'after-otp' }));
    const { router } = renderRoute(<VerifyNumberPage />, { path: '/verify-number' });

    expect(screen.getByText('Enter the 6-digit code sent to ******1234')).toBeTruthy();
    await typeCode('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/redirect'));
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({ userId: 7, otp: '123456' });
    expect(getSignedInUser()?.authToken).toBe('after-otp');
  });

  it('asks for a mobile number first when the user has none, then for the code sent to it', async () => {
    savePendingLogin(pending({ contactNumberRequired: true, maskedContactNumber: null }));
    mock.onPut('/v2/appusers/updatenumber').reply(200, { message: 'Code sent', maskedContactNumber: '******9876' });
    renderRoute(<VerifyNumberPage />, { path: '/verify-number' });

    await userEvent.type(screen.getByRole('textbox', { name: 'Mobile Number' }), '9123459876');
    await userEvent.click(screen.getByRole('button', { name: 'Send Code' }));

    expect(await screen.findByText('Enter the 6-digit code sent to ******9876')).toBeTruthy();
    expect(mock.history.put?.[0]?.params).toEqual({ mobile: '9123459876', tempToken: 'tmp-1' });
  });

  it("asks for the authenticator app's code, with nothing to resend, when the user set one up", async () => {
    savePendingLogin(pending({ mfaMethod: 'TOTP', maskedContactNumber: null }));
    mock.onPost('/v2/verifyotp').reply(200, userFixture({ authToken: 'after-totp' }));
    const { router } = renderRoute(<VerifyNumberPage />, { path: '/verify-number' });

    expect(
      screen.getByText('Open your authenticator app and enter the 6-digit code it shows for this account.'),
    ).toBeTruthy();
    expect(screen.getByText('Authenticator code')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Resend/ })).toBeNull();
    expect(screen.queryByText(/Code expires in/)).toBeNull();
    await typeCode('654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/redirect'));
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({ userId: 7, otp: '654321' });
  });

  it('takes a recovery code instead of the app code, checks its form, and says how many are left', async () => {
    savePendingLogin(pending({ mfaMethod: 'TOTP', maskedContactNumber: null }));
    mock.onPost('/v2/verifyotp').reply(200, { ...userFixture({ authToken: 'after-recovery' }), recoveryCodesLeft: 9 });
    const shown = captureToasts();
    const { router } = renderRoute(<VerifyNumberPage />, { path: '/verify-number' });
    // Only with an authenticator app.
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(
      screen.getByText('Enter one of the recovery codes you saved when you set up the app. Each code works once.'),
    ).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Recovery code' });
    await userEvent.type(field, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('A recovery code is 10 letters and digits, like abcde-12345')).toBeTruthy();
    expect(mock.history.post ?? []).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'k7m2q-x9p4d');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/redirect'));
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({ userId: 7, otp: 'k7m2q-x9p4d' });
    expect(getSignedInUser()?.authToken).toBe('after-recovery');
    expect(shown.toasts.map((toast) => toast.title)).toEqual([
      'Signed in with a recovery code: 9 left. Make new ones from the user menu › Authenticator app.',
    ]);
    // The count is told, not kept with the session.
    expect(getSignedInUser()).not.toHaveProperty('recoveryCodesLeft');
    shown.release();
  });

  it('offers no recovery code to a user whose code comes by text message', () => {
    savePendingLogin(pending());
    renderRoute(<VerifyNumberPage />, { path: '/verify-number' });
    expect(screen.queryByRole('button', { name: 'Use a recovery code instead' })).toBeNull();
  });
});
