import type { SamlConfig } from '@recon/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import SamlSetupPage from '@/features/saml-setup/saml-setup-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUfake\n-----END CERTIFICATE-----';
const CORPORATE: SamlConfig = {
  id: 3,
  registrationId: 'corp-idp',
  name: 'Corporate directory',
  isEnabled: true,
  idpEntryPoint: 'https://idp.corp.test/sso',
  idpIssuer: 'https://idp.corp.test',
  idpCertificate: PEM,
  certificateSubject: 'CN=idp.corp.test',
  certificateValidTo: '2020-01-31T00:00:00.000Z',
  spEntityId: 'recon-sp',
  audience: null,
  emailAttribute: 'email',
  nameAttribute: null,
  groupsAttribute: 'groups',
  groupMappings: [{ group: 'recon-operators', roles: ['ROLE_OPERATOR'], moduleIds: [1] }],
  acsUrl: 'https://recon.test/web/v2/saml/acs/corp-idp',
  updatedAt: '2026-11-27T04:00:00.000Z',
};

beforeEach(() => {
  signIn({ rolesName: ['ROLE_ADMIN'] }, 1);
  capture = captureToasts();
  mock.onGet('/v2/saml/config', { params: { Find: 'All' } }).reply(200, { data: [CORPORATE] });
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderPage() {
  return renderRoute(
    <WithAccess codes={['integrations']}>
      <WithModule>
        <SamlSetupPage />
      </WithModule>
    </WithAccess>,
    { path: '/settings/integrations/saml-setup' },
  );
}

async function fillNewProvider() {
  await userEvent.click(await screen.findByRole('button', { name: /Add Identity Provider/ }));
  const drawer = await screen.findByRole('dialog');
  await userEvent.type(within(drawer).getByLabelText('Name'), 'Partner IdP');
  await userEvent.type(within(drawer).getByLabelText('Registration Id'), 'partner');
  await userEvent.type(within(drawer).getByLabelText('IdP sign-in URL'), 'https://idp.partner.test/sso');
  await userEvent.type(within(drawer).getByLabelText('SP entity id'), 'recon-sp');
  return drawer;
}

describe('SAML setup page', () => {
  it('lists each identity provider with its registration id, certificate validity and status', async () => {
    renderPage();
    const row = (await screen.findByText('Corporate directory')).closest('tr') as HTMLElement;
    expect(within(row).getByText('corp-idp')).toBeTruthy();
    expect(within(row).getByText('CN=idp.corp.test')).toBeTruthy();
    expect(within(row).getByText(/^Expired on/)).toBeTruthy();
    expect(within(row).getByText('1 mapping')).toBeTruthy();
    expect(within(row).getByText('Enabled')).toBeTruthy();
  });

  it('refuses a pasted certificate that is not PEM before calling the server, then creates the provider', async () => {
    mock.onPost('/v2/saml/config').reply(200, { ...CORPORATE, id: 4, registrationId: 'partner', name: 'Partner IdP' });
    renderPage();
    const drawer = await fillNewProvider();
    const certificate = within(drawer).getByLabelText('IdP signing certificate');
    fireEvent.change(certificate, { target: { value: 'MIIBszCCAVmgAwIBAgIU' } });
    fireEvent.blur(certificate);
    expect(
      await within(drawer).findByText(
        'IdP signing certificate must be a PEM certificate (-----BEGIN CERTIFICATE-----)',
      ),
    ).toBeTruthy();

    fireEvent.change(certificate, { target: { value: PEM } });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toMatchObject({
      name: 'Partner IdP',
      registrationId: 'partner',
      isEnabled: true,
      idpEntryPoint: 'https://idp.partner.test/sso',
      idpCertificate: PEM,
      spEntityId: 'recon-sp',
      audience: null,
      groupMappings: [],
    });
    await waitFor(() =>
      expect(capture.toasts).toEqual([expect.objectContaining({ type: 'success', title: 'Successfully Created' })]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal of the certificate under the field and keeps the drawer open", async () => {
    const reason = 'IdP signing certificate must be a PEM certificate (-----BEGIN CERTIFICATE-----)';
    mock.onPost('/v2/saml/config').reply(400, {
      message: reason,
      errors: [{ field: 'idpCertificate', defaultMessage: reason }],
    });
    renderPage();
    const drawer = await fillNewProvider();
    fireEvent.change(within(drawer).getByLabelText('IdP signing certificate'), { target: { value: PEM } });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await within(drawer).findByText(reason)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('edits a provider with its values and the ACS URL shown, and deletes one after confirming', async () => {
    mock.onPut('/v2/saml/config/3').reply(200, CORPORATE);
    mock.onDelete('/v2/saml/config/3').reply(200, { message: 'SAML configuration deleted' });
    renderPage();
    const row = (await screen.findByText('Corporate directory')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('https://recon.test/web/v2/saml/acs/corp-idp')).toBeTruthy();
    expect((within(drawer).getByLabelText('Registration Id') as HTMLInputElement).value).toBe('corp-idp');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(String(mock.history.put?.[0]?.data)).groupMappings).toEqual(CORPORATE.groupMappings);

    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = (await screen.findByText(/Delete the identity provider "Corporate directory"/)).closest(
      '.ant-popover',
    ) as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(mock.history.delete).toHaveLength(1));
  });
});
