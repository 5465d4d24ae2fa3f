import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '@/lib/http';
import { AuthenticatorModal } from '@/shell/authenticator-modal';
import { signIn } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

const mock = new MockAdapter(http);
const QR = 'data:image/gif;base64,R0lGODdh';

beforeEach(() => signIn({ rolesName: ['ROLE_OPERATOR'] }, 1));
afterEach(() => mock.reset());

async function typeCode(code: string) {
  const boxes = await screen.findAllByRole('textbox');
  await userEvent.click(boxes[0] as HTMLElement);
  await userEvent.keyboard(code);
}

describe('authenticator app', () => {
  it('says no app is needed while multi-factor authentication is off', async () => {
    mock.onGet('/v2/mfa/totp').reply(200, { mfaEnabled: false, enrolled: false, confirmedAt: null });
    renderRoute(<AuthenticatorModal onClose={() => undefined} />, { path: '/' });
    expect(await screen.findByText(/Multi-factor authentication is off/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set up authenticator app' })).toBeNull();
  });

  it('shows the QR code and key, refuses a wrong code under the field, and confirms a right one', async () => {
    let enrolled = false;
    mock
      .onGet('/v2/mfa/totp')
      .reply(() => [200, { mfaEnabled: true, enrolled, confirmedAt: enrolled ? '2026-11-27T10:00:00Z' : null }]);
    mock
      .onPost('/v2/mfa/totp')
      .reply(200, { otpauthUri: 'otpauth://totp/x', qrCodeDataUrl: QR, secret: 'JBSWY3DPEHPK3PXP' });
    mock.onPost('/v2/mfa/totp/confirm').replyOnce(400, {
      message: 'Invalid code: enter the 6 digits your authenticator app shows now',
      errors: [{ field: 'code', defaultMessage: 'Invalid code: enter the 6 digits your authenticator app shows now' }],
    });
    renderRoute(<AuthenticatorModal onClose={() => undefined} />, { path: '/' });

    await userEvent.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    const qr = await screen.findByRole('img', { name: 'QR code to add this account to an authenticator app' });
    expect(qr.getAttribute('src')).toBe(QR);
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();

    await typeCode('111111');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Invalid code: enter the 6 digits your authenticator app shows now')).toBeTruthy();

    mock.onPost('/v2/mfa/totp/confirm').reply(() => {
      enrolled = true;
      return [200, { message: 'ok' }];
    });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your authenticator app is set up')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('JBSWY3DPEHPK3PXP')).toBeNull());
    expect(JSON.parse(String(mock.history.post?.at(-1)?.data))).toEqual({ code: '111111' });
  });
});
