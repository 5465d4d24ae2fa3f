import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '@/lib/http';
import { AuthenticatorModal } from '@/shell/authenticator-modal';
import { signIn } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

const mock = new MockAdapter(http);
const QR = 'data:image/gif;base64,R0lGODdh';
const CODES = Array.from({ length: 10 }, (_, i) => `k7m2q-x9p${i}d`);

beforeEach(() => signIn({ rolesName: ['ROLE_OPERATOR'] }, 1));
afterEach(() => mock.reset());

async function typeCode(code: string) {
  const boxes = await screen.findAllByRole('textbox');
  await userEvent.click(boxes[0] as HTMLElement);
  await userEvent.keyboard(code);
}

describe('authenticator app', () => {
  it('says no app is needed while multi-factor authentication is off', async () => {
    mock
      .onGet('/v2/mfa/totp')
      .reply(200, { mfaEnabled: false, enrolled: false, confirmedAt: null, recoveryCodesLeft: 0 });
    renderRoute(<AuthenticatorModal onClose={() => undefined} />, { path: '/' });
    expect(await screen.findByText(/Multi-factor authentication is off/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set up authenticator app' })).toBeNull();
  });

  it('shows the QR code and key, refuses a wrong code under the field, and confirms a right one', async () => {
    let enrolled = false;
    mock.onGet('/v2/mfa/totp').reply(() => [
      200,
      {
        mfaEnabled: true,
        enrolled,
        confirmedAt: enrolled ? '2026-11-27T10:00:00Z' : null,
        recoveryCodesLeft: enrolled ? 10 : 0,
      },
    ]);
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
      return [200, { message: 'ok', recoveryCodes: CODES }];
    });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    // The ten recovery codes, shown this once, before anything else.
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(screen.getByText('Save your recovery codes')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('JBSWY3DPEHPK3PXP')).toBeNull());
    expect(JSON.parse(String(mock.history.post?.at(-1)?.data))).toEqual({ code: '111111' });
    await userEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('Your authenticator app is set up')).toBeTruthy();
    expect(screen.queryByText(CODES[0] as string)).toBeNull();
  });

  it('shows how many recovery codes are left and makes new ones with a code from the app', async () => {
    let left = 2;
    mock
      .onGet('/v2/mfa/totp')
      .reply(() => [
        200,
        { mfaEnabled: true, enrolled: true, confirmedAt: '2026-11-27T10:00:00Z', recoveryCodesLeft: left },
      ]);
    mock.onPost('/v2/mfa/totp/recovery-codes').replyOnce(400, {
      message: 'Invalid code: enter the 6 digits your authenticator app shows now',
      errors: [{ field: 'code', defaultMessage: 'Invalid code: enter the 6 digits your authenticator app shows now' }],
    });
    renderRoute(<AuthenticatorModal onClose={() => undefined} />, { path: '/' });

    expect(await screen.findByText('Recovery codes left: 2 of 10')).toBeTruthy();
    expect(screen.getByText('Few recovery codes left: make new ones before you run out.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    expect(
      screen.getByText('Type the code your authenticator app shows now. Your current recovery codes stop working.'),
    ).toBeTruthy();
    await typeCode('222222');
    await userEvent.click(screen.getByRole('button', { name: 'Make new codes' }));
    expect(await screen.findByText('Invalid code: enter the 6 digits your authenticator app shows now')).toBeTruthy();

    mock.onPost('/v2/mfa/totp/recovery-codes').reply(() => {
      left = 10;
      return [200, { message: 'ok', recoveryCodes: CODES }];
    });
    await userEvent.click(screen.getByRole('button', { name: 'Make new codes' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(JSON.parse(String(mock.history.post?.at(-1)?.data))).toEqual({ code: '222222' });
    await userEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('Recovery codes left: 10 of 10')).toBeTruthy();
    expect(screen.queryByText(/Few recovery codes left/)).toBeNull();
  });
});
