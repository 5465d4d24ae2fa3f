import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginPage from '@/features/auth/login-page';
import { readPendingLogin } from '@/features/auth/pending-login';
import { http } from '@/lib/http';
import { postOAuthMessage } from '@/lib/oauth-channel';
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

  it('shows the notice of a password change as good news, not as an error', async () => {
    renderRoute(<LoginPage />, { path: '/login', initialEntry: '/login?notice=Password%20changed' });
    const notice = await screen.findByText('Password changed');
    expect(notice.closest('.ant-alert-success')).toBeTruthy();
    expect(notice.closest('.ant-alert-error')).toBeNull();
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

describe('login page: SAML sign-in', () => {
  const corporate = { type: 'SAML', label: 'Corporate directory', isEnabled: true, registrationId: 'corp' };
  let popup: { location: { href: string }; closed: boolean; close: () => void };

  beforeEach(() => {
    loginMethods.mockRestore();
    loginMethods = answerLoginMethods([{ type: 'PASSWORD', label: 'Password', isEnabled: true }, corporate]);
    popup = { location: { href: 'about:blank' }, closed: false, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    mock.onPost('/v2/sso-login').reply(200, { redirectUrl: 'https://idp.test/sso?SAMLRequest=abc' });
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens the identity provider in a popup and signs in with the ticket its callback sends back', async () => {
    mock.onPost('/v2/saml_login').reply(200, userFixture({ userName: 'asha.k', authToken: 'saml-session' }));
    const { router } = renderRoute(<LoginPage />, { path: '/login' });

    await userEvent.click(await screen.findByRole('button', { name: /Sign in with Corporate directory/ }));
    await waitFor(() => expect(popup.location.href).toBe('https://idp.test/sso?SAMLRequest=abc'));
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({ registrationId: 'corp' });
    postOAuthMessage({ type: 'SUCCESS', provider: 'saml', code: 'ticket-1', userName: 'asha.k' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/redirect'));
    expect(getSignedInUser()?.authToken).toBe('saml-session');
    const exchange = mock.history.post?.find((r) => r.url === '/v2/saml_login');
    expect(exchange?.headers).toMatchObject({ authToken: 'ticket-1', userName: 'asha.k' });
  });

  it("shows the callback's reason when the identity provider's user has no role and module", async () => {
    renderRoute(<LoginPage />, { path: '/login' });

    await userEvent.click(await screen.findByRole('button', { name: /Sign in with Corporate directory/ }));
    await waitFor(() => expect(popup.location.href).toContain('idp.test'));
    postOAuthMessage({
      type: 'ERROR',
      provider: 'saml',
      error: 'Please request your application admin to assign Role and Module.',
    });

    expect(await screen.findByText('Please request your application admin to assign Role and Module.')).toBeTruthy();
    // Leaving the focused user name for the SAML button asks nothing of the password form.
    expect(screen.queryByText('User Name is required')).toBeNull();
    expect(getSignedInUser()).toBeNull();
    expect(mock.history.post?.some((r) => r.url === '/v2/saml_login')).toBe(false);
  });

  it('signs a SAML user without role and module in to the department flow of the unassigned page', async () => {
    mock.onPost('/v2/saml_login').reply(
      200,
      userFixture({
        userName: 'nia.r',
        rolesName: [],
        registrationStatus: 'REQUESTED_VIA_SAML',
        userDepartmentConfigurable: true,
        ssoTemporaryToken: 'dept-token',
      }),
    );
    const { router } = renderRoute(<LoginPage />, { path: '/login' });

    await userEvent.click(await screen.findByRole('button', { name: /Sign in with Corporate directory/ }));
    await waitFor(() => expect(popup.location.href).toContain('idp.test'));
    postOAuthMessage({
      type: 'ERROR',
      provider: 'saml',
      error: 'Please request your application admin to assign Role and Module.',
      code: 'ticket-2',
      userName: 'nia.r',
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/module-role-unauthorized'));
    expect(router.state.location.search).toBe('?flow=department-selection');
    expect(getSignedInUser()?.ssoTemporaryToken).toBe('dept-token');
  });

  it('asks to allow pop-ups when the browser blocks the identity provider window, and calls nothing', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderRoute(<LoginPage />, { path: '/login' });

    await userEvent.click(await screen.findByRole('button', { name: /Sign in with Corporate directory/ }));

    expect(
      await screen.findByText('Allow pop-ups for this site to sign in with your organisation account.'),
    ).toBeTruthy();
    expect(mock.history.post).toHaveLength(0);
  });

  it('offers no SAML button when no identity provider is configured', async () => {
    loginMethods.mockRestore();
    loginMethods = answerLoginMethods([{ type: 'PASSWORD', label: 'Password', isEnabled: true }]);
    renderRoute(<LoginPage />, { path: '/login' });

    expect(await screen.findByLabelText('User Name')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Sign in with/ })).toBeNull();
  });
});
