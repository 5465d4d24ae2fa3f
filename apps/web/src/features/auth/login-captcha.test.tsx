import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, describe, expect, it } from 'vitest';
import LoginPage from '@/features/auth/login-page';
import { http } from '@/lib/http';
import { getSignedInUser } from '@/lib/session';
import { userFixture } from '@/testing/fixtures';
import { answerLoginMethods } from '@/testing/login-methods';
import { renderRoute } from '@/testing/render';

const mock = new MockAdapter(http);
const PASSWORD_METHOD = [{ type: 'PASSWORD', label: 'Password', isEnabled: true }];
let spy: ReturnType<typeof answerLoginMethods> | undefined;

afterEach(() => {
  mock.reset();
  spy?.mockRestore();
});

/** CAPTCHA on: each GET v2/captcha answers a new challenge, captcha-1, captcha-2, … */
function captchaOn() {
  let n = 0;
  spy = answerLoginMethods(PASSWORD_METHOD, 200, () => {
    n += 1;
    return {
      enabled: true,
      captchaId: `captcha-${n}`,
      image: `<svg xmlns="http://www.w3.org/2000/svg"><text>${n}</text></svg>`,
      expiresInSeconds: 120,
    };
  });
}

async function fill(userName: string, password: string) {
  await userEvent.type(await screen.findByLabelText('User Name'), userName);
  await userEvent.type(screen.getByLabelText('Password'), password);
}

describe('login page CAPTCHA', () => {
  it('shows no CAPTCHA while it is off, and signs in without one', async () => {
    spy = answerLoginMethods(PASSWORD_METHOD);
    mock.onPost('/v2/login').reply(200, userFixture({ authToken: 'plain' }));
    renderRoute(<LoginPage />, { path: '/login' });
    await fill('asha.k', 'S3cret!pass');
    expect(screen.queryByLabelText('Characters in the image')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(getSignedInUser()?.authToken).toBe('plain'));
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({ userName: 'asha.k', password: 'S3cret!pass' });
  });

  it('asks for the characters before calling the server, then sends the challenge and the answer', async () => {
    captchaOn();
    mock.onPost('/v2/login').reply(200, userFixture({ authToken: 'with-captcha' }));
    renderRoute(<LoginPage />, { path: '/login' });
    await fill('asha.k', 'S3cret!pass');
    expect(await screen.findByRole('img', { name: 'Security check: characters to type' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Please enter the characters shown in the image')).toBeTruthy();
    expect(mock.history.post).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Characters in the image'), ' xK7pq ');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(getSignedInUser()?.authToken).toBe('with-captcha'));
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({
      userName: 'asha.k',
      password: 'S3cret!pass',
      captchaId: 'captcha-1',
      captchaAnswer: 'xK7pq',
    });
  });

  it("shows the server's refusal and a new image, clearing the old answer", async () => {
    captchaOn();
    mock
      .onPost('/v2/login')
      .replyOnce(400, {
        message: 'The characters do not match the image. Please try again with the new image.',
        errors: [
          {
            field: 'captchaAnswer',
            defaultMessage: 'The characters do not match the image. Please try again with the new image.',
          },
        ],
      })
      .onPost('/v2/login')
      .reply(200, userFixture({ authToken: 'second-try' }));
    renderRoute(<LoginPage />, { path: '/login' });
    await fill('asha.k', 'S3cret!pass');
    const answer = await screen.findByLabelText('Characters in the image');
    await userEvent.type(answer, 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(
      await screen.findByText('The characters do not match the image. Please try again with the new image.'),
    ).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Characters in the image') as HTMLInputElement).value).toBe(''));
    await waitFor(() =>
      expect(
        decodeURIComponent(
          screen.getByRole('img', { name: 'Security check: characters to type' }).getAttribute('src') ?? '',
        ),
      ).toContain('<text>2</text>'),
    );
    await userEvent.type(screen.getByLabelText('Characters in the image'), 'right');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(getSignedInUser()?.authToken).toBe('second-try'));
    expect(JSON.parse(String(mock.history.post?.[1]?.data))).toMatchObject({
      captchaId: 'captcha-2',
      captchaAnswer: 'right',
    });
  });

  it('sends a user whose password has expired to choose a new one', async () => {
    spy = answerLoginMethods(PASSWORD_METHOD);
    mock.onPost('/v2/login').reply(200, {
      passwordExpired: true,
      message: 'Your password has expired. Please choose a new password.',
      tempToken: 'reset-me',
    });
    const { router } = renderRoute(<LoginPage />, { path: '/login' });
    await fill('asha.k', 'S3cret!pass');
    fireEvent.submit(screen.getByRole('button', { name: 'Login' }).closest('form') as HTMLFormElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
    expect(router.state.location.search).toBe('?tempToken=reset-me&expired=1');
    expect(getSignedInUser()).toBeNull();
  });
});
