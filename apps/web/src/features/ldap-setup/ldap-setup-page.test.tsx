import type { LdapConfig } from '@recon/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import LdapSetupPage from '@/features/ldap-setup/ldap-setup-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const DIRECTORY: LdapConfig = {
  isEnabled: true,
  url: 'ldaps://ldap.corp.test:636',
  bindMode: 'SEARCH',
  userDnTemplate: null,
  bindDn: 'cn=recon-service,ou=services,dc=corp,dc=test',
  hasBindPassword: true,
  baseDn: 'dc=corp,dc=test',
  userFilter: '(uid={username})',
  emailAttribute: null,
  nameAttribute: null,
  groupsAttribute: null,
  groupMappings: [{ group: 'recon-operators', roles: ['ROLE_OPERATOR'], moduleIds: [1] }],
  connectTimeoutMs: 5000,
  caCertificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
  caCertificateSubject: 'CN=Corp Root CA',
  caCertificateValidTo: '2030-01-01T00:00:00.000Z',
  startTls: false,
  rejectUnauthorized: true,
  updatedAt: '2026-11-27T04:00:00.000Z',
};

beforeEach(() => {
  signIn({ rolesName: ['ROLE_ADMIN'] }, 1);
  capture = captureToasts();
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderPage() {
  return renderRoute(
    <WithAccess codes={['integrations']}>
      <WithModule>
        <LdapSetupPage />
      </WithModule>
    </WithAccess>,
    { path: '/settings/integrations/ldap-setup' },
  );
}

/** Types a value the way a paste does (userEvent.type is slow on a shared machine). */
function fill(drawer: HTMLElement, label: string, value: string) {
  const input = within(drawer).getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

const sent = (list: { data?: unknown }[] | undefined, i = 0) => JSON.parse(String(list?.[i]?.data));

describe('LDAP setup page', () => {
  it('sets a directory up: tests the typed values with the service account, then saves them', async () => {
    mock.onGet('/v2/ldap/config').reply(200, { data: null });
    mock.onPost('/v2/ldap/config/test').reply(200, {
      success: true,
      message: 'Connected to the directory and signed in with the service account',
    });
    mock.onPut('/v2/ldap/config').reply(200, DIRECTORY);
    renderPage();
    expect(
      await screen.findByText('No directory yet. Set one up to offer LDAP sign-in on the login page.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Set Up Directory/ }));
    const drawer = await screen.findByRole('dialog');
    fill(drawer, 'Directory URL', 'ldap://127.0.0.1:3389');
    fill(drawer, 'Base DN', 'dc=corp,dc=test');
    fill(drawer, 'Service account bind DN', 'cn=svc,dc=corp,dc=test');
    fill(drawer, 'Service account password', 'S3rvice!');

    await userEvent.click(within(drawer).getByRole('button', { name: 'Test connection' }));
    expect(
      await within(drawer).findByText('Connected to the directory and signed in with the service account'),
    ).toBeTruthy();
    expect(sent(mock.history.post)).toMatchObject({ url: 'ldap://127.0.0.1:3389', bindPassword: 'S3rvice!' });

    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(sent(mock.history.put)).toMatchObject({
      isEnabled: true,
      url: 'ldap://127.0.0.1:3389',
      bindMode: 'SEARCH',
      baseDn: 'dc=corp,dc=test',
      userFilter: '(uid={username})',
      bindDn: 'cn=svc,dc=corp,dc=test',
      bindPassword: 'S3rvice!',
      groupMappings: [],
      connectTimeoutMs: 5000,
      caCertificate: null,
      startTls: false,
      rejectUnauthorized: true,
    });
    await waitFor(() =>
      expect(capture.toasts).toEqual([expect.objectContaining({ type: 'success', title: 'Successfully Updated' })]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the directory without its password, and a change that types none keeps the stored one', async () => {
    mock.onGet('/v2/ldap/config').reply(200, { data: DIRECTORY });
    mock.onPut('/v2/ldap/config').reply(200, DIRECTORY);
    renderPage();
    expect(await screen.findByText('ldaps://ldap.corp.test:636')).toBeTruthy();
    expect(screen.getByText('Search, then bind')).toBeTruthy();
    expect(screen.getByText('Password stored (never shown)')).toBeTruthy();
    expect(screen.getByText('TLS (ldaps://)')).toBeTruthy();
    expect(screen.getByText('Certificate verified against CN=Corp Root CA')).toBeTruthy();
    expect(screen.getByText('1 mapping')).toBeTruthy();
    // Which group grants what, without opening the drawer.
    expect(screen.getByText('recon-operators')).toBeTruthy();
    expect(screen.getByText(/→ Operator/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Edit Directory/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('A password is stored. Leave empty to keep it.')).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(sent(mock.history.put)).toMatchObject({ bindPassword: null, groupMappings: DIRECTORY.groupMappings });
  });

  it('reports a failed connection test, and refuses a DN template without {username} before any call', async () => {
    mock.onGet('/v2/ldap/config').reply(200, { data: DIRECTORY });
    mock.onPost('/v2/ldap/config/test').reply(200, {
      success: false,
      message: 'The directory server could not be reached. Please try again later or contact your administrator.',
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Edit Directory/ }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Test connection' }));
    expect(await within(drawer).findByText(/could not be reached/)).toBeTruthy();

    await userEvent.click(within(drawer).getByText('Direct bind'));
    const template = await within(drawer).findByLabelText('User DN template');
    fireEvent.change(template, { target: { value: 'uid=alice,ou=people,dc=corp,dc=test' } });
    fireEvent.blur(template);
    expect(await within(drawer).findByText('User DN template must contain {username}')).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(mock.history.put).toHaveLength(0);
  });

  it('secures an ldap:// directory with StartTLS and a CA certificate, refusing text that is no certificate', async () => {
    mock.onGet('/v2/ldap/config').reply(200, { data: { ...DIRECTORY, url: 'ldap://ldap.corp.test:389' } });
    mock.onPut('/v2/ldap/config').reply(200, DIRECTORY);
    renderPage();
    expect(await screen.findByText('Not encrypted')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Edit Directory/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText(/^Stored: CN=Corp Root CA, valid until .*2030/)).toBeTruthy();
    fill(drawer, 'CA certificate (PEM)', 'not a certificate');
    expect(await within(drawer).findByText(/CA certificate must be one or more PEM certificates/)).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(mock.history.put).toHaveLength(0);

    fill(drawer, 'CA certificate (PEM)', '-----BEGIN CERTIFICATE-----\nMIIC\n-----END CERTIFICATE-----');
    await userEvent.click(within(drawer).getByRole('switch', { name: 'StartTLS' }));
    await userEvent.click(within(drawer).getByRole('switch', { name: 'Verify the directory certificate' }));
    expect(await within(drawer).findByText(/can pose as the directory/)).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('switch', { name: 'Verify the directory certificate' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(sent(mock.history.put)).toMatchObject({
      url: 'ldap://ldap.corp.test:389',
      startTls: true,
      rejectUnauthorized: true,
      caCertificate: '-----BEGIN CERTIFICATE-----\nMIIC\n-----END CERTIFICATE-----',
    });
  });
});
