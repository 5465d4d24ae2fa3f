import type { AuthConfig } from '@recon/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import AuthConfigPage from '@/features/integrations/auth-config-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const DEFAULTS: AuthConfig = {
  passwordMinLength: 8,
  passwordRequireUppercase: true,
  passwordRequireLowercase: true,
  passwordRequireDigit: true,
  passwordRequireSymbol: true,
  passwordExpiryDays: 0,
  passwordHistoryCount: 0,
  sessionIdleMinutes: 15,
  sessionMaxMinutes: 720,
  lockoutThreshold: 10,
  lockoutMinutes: 30,
  multifactorAuthentication: false,
  captcha: false,
};
const TEXT =
  'Password must be 8 to 64 characters with an uppercase letter, a lowercase letter, a digit and a special character';

beforeEach(() => {
  signIn({ rolesName: ['ROLE_ADMIN'] }, 1);
  capture = captureToasts();
  mock.onGet('/v2/authConfig').reply(200, { config: DEFAULTS, defaults: DEFAULTS, passwordPolicyText: TEXT });
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderPage() {
  return renderRoute(
    <WithAccess codes={['integrations']}>
      <WithModule>
        <AuthConfigPage />
      </WithModule>
    </WithAccess>,
    { path: '/settings/integrations/auth-config' },
  );
}

async function setNumber(label: string, value: string) {
  const input = await screen.findByLabelText(label);
  await userEvent.clear(input);
  await userEvent.type(input, value);
  await userEvent.tab();
}

describe('Settings › Integrations › Auth Config', () => {
  it('shows the five sections with the values in force and their units', async () => {
    renderPage();
    for (const title of ['Password policy', 'Sessions', 'Lockout', 'Multi-factor', 'CAPTCHA']) {
      expect(await screen.findByText(title)).toBeTruthy();
    }
    expect((screen.getByLabelText('Minimum length') as HTMLInputElement).value).toBe('8');
    expect((screen.getByLabelText('Idle timeout') as HTMLInputElement).value).toBe('15');
    expect(screen.getAllByText('minutes').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText('days')).toBeTruthy();
    expect(screen.getByText(`Users will see: "${TEXT}"`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows a range message under a field out of range and saves nothing', async () => {
    renderPage();
    await setNumber('Lock after', '2');
    expect(
      await screen.findByText('Lockout threshold must be a whole number from 3 to 50 failed attempts'),
    ).toBeTruthy();
    await setNumber('Idle timeout', '60');
    await setNumber('Maximum session length', '30');
    expect(await screen.findByText('Maximum session length must not be shorter than the idle timeout')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mock.history.put).toHaveLength(0);
  });

  it('confirms what changes for users, then saves the whole policy with a toast', async () => {
    const saved = { ...DEFAULTS, passwordMinLength: 12, captcha: true };
    mock.onPut('/v2/authConfig').reply(200, {
      config: saved,
      defaults: DEFAULTS,
      passwordPolicyText: 'x',
      message: 'Sign-in settings saved',
    });
    renderPage();
    await setNumber('Minimum length', '12');
    await userEvent.click(screen.getByRole('switch', { name: 'Ask for a CAPTCHA at sign-in' }));
    expect(
      screen.getByText(
        'Users will see: "Password must be 12 to 64 characters with an uppercase letter, a lowercase letter, a digit and a special character"',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change how users sign in?' });
    expect(
      within(dialog).getByText(
        'New passwords must follow: "Password must be 12 to 64 characters with an uppercase letter, a lowercase letter, a digit and a special character".',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('The login page asks every user for the characters of an image.')).toBeTruthy();
    expect(within(dialog).queryByText(/New sessions end/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(String(mock.history.put?.[0]?.data))).toEqual(saved);
    await waitFor(() =>
      expect(capture.toasts).toEqual([expect.objectContaining({ type: 'success', title: 'Sign-in settings saved' })]),
    );
  });

  it('puts the defaults back in the form without saving them', async () => {
    mock.reset();
    mock.onGet('/v2/authConfig').reply(200, {
      config: { ...DEFAULTS, lockoutThreshold: 5 },
      defaults: DEFAULTS,
      passwordPolicyText: TEXT,
    });
    renderPage();
    await waitFor(() => expect((screen.getByLabelText('Lock after') as HTMLInputElement).value).toBe('5'));
    await userEvent.click(screen.getByRole('button', { name: 'Restore defaults' }));
    expect((screen.getByLabelText('Lock after') as HTMLInputElement).value).toBe('10');
    expect(mock.history.put).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false);
  });
});
