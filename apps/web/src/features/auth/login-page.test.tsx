import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import LoginPage from '@/features/auth/login-page';
import { readPendingLogin } from '@/features/auth/pending-login';
import { http } from '@/lib/http';
import { getSignedInUser } from '@/lib/session';
import { userFixture } from '@/testing/fixtures';
import { answerLoginMethods } from '@/testing/login-methods';
import { renderRoute } from '@/testing/render';

const mock = new MockAdapter(http);

let loginMethods: ReturnType<typeof answerLoginMethods>;
beforeEach(() => {
  loginMethods = answerLoginMethods([{ type: 'PASSWORD', label: 'Password', isEnabled: true }]);
});

afterEach(() => {
  mock.reset();
  loginMethods.mockRestore();
});

async function fillAndSubmit(userName: string, password: string) {
  await userEvent.type(await screen.findByLabelText('User Name'), userName);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login page', () => {
  it('shows the errMessage of a forced logout', async () => {
    renderRoute(<LoginPage />, { path: '/login', initialEntry: '/login?errMessage=Session%20expired' });
    expect(await screen.findByText('Session expired')).toBeTruthy();
  });

  it('asks for the user name and password on blur without calling the server', async () => {
    renderRoute(<LoginPage />, { path: '/login' });

    fireEvent.blur(await screen.findByLabelText('User Name'));
    fireEvent.blur(screen.getByLabelText('Password'));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(screen.getByText('User Name is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(mock.history.post).toHaveLength(0);
  });

  it('stores the user and goes to the redirect route when the sign-in succeeds', async () => {
    mock.onPost('/v2/login').reply(200, userFixture({ authToken: 'fresh' }));
    const { router } = renderRoute(<LoginPage />, { path: '/login' });

    await fillAndSubmit('asha.k', 'S3cret!pass');

    await waitFor(() => expect(router.state.location.pathname).toBe('/redirect'));
    expect(getSignedInUser()?.authToken).toBe('fresh');
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({ userName: 'asha.k', password: 'S3cret!pass' });
  });

  it('sends a user without a role to the access-pending page', async () => {
    mock.onPost('/v2/login').reply(200, userFixture({ rolesName: [], registrationStatus: 'REQUESTED' }));
    const { router } = renderRoute(<LoginPage />, { path: '/login' });

    await fillAndSubmit('asha.k', 'S3cret!pass');

    await waitFor(() => expect(router.state.location.pathname).toBe('/module-role-unauthorized'));
  });

  it('goes to /verify-number and keeps the pending sign-in when a one-time code is needed', async () => {
    mock.onPost('/v2/login').reply(200, {
      id: 7,
      userId: 7,
      userName: 'asha.k',
      otpRequired: true,
      contactNumberRequired: false,
      tempToken: 'tmp',
      maskedContactNumber: '******1234',
      otpExpiresInSeconds: 300,
    });
    const { router } = renderRoute(<LoginPage />, { path: '/login' });

    await fillAndSubmit('asha.k', 'S3cret!pass');

    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-number'));
    expect(readPendingLogin()?.tempToken).toBe('tmp');
    expect(getSignedInUser()).toBeNull();
  });

  it("shows the server's reason when the credentials are refused", async () => {
    mock.onPost('/v2/login').reply(400, [{ message: 'Invalid user name or password', code: 'BAD_CREDENTIALS' }]);
    renderRoute(<LoginPage />, { path: '/login' });

    await fillAndSubmit('asha.k', 'wrong');

    expect(await screen.findByText('Invalid user name or password')).toBeTruthy();
  });
});
