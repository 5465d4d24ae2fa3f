import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import AppDirectoryPage from '@/features/integrations/app-directory-page';
import BrandLoginPage from '@/features/integrations/brand-login-page';
import EmailParsingConfigPage from '@/features/integrations/email-parsing-config-page';
import TagMappingPage from '@/features/integrations/tag-mapping-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;
const stamps = { createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z' };
const FLIPKART_LOGIN = {
  id: 7,
  name: 'Flipkart seller',
  botType: 'FLIPKART',
  userName: 'fk-ops',
  hasPassword: true,
  totpConfig: null,
  vendorCodes: [],
  isActive: true,
  ...stamps,
};

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  mock.onGet('/v2/botconfig/brands').reply(200, {
    data: [
      { code: 'FLIPKART', name: 'Flipkart' },
      { code: 'AMAZON', name: 'Amazon' },
    ],
  });
  mock.onGet('/v2/totpconfig').reply(200, { data: [] });
  mock.onGet('/v2/pipeline/all').reply(200, { data: [] });
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderPage(page: ReactElement, codes = ['integrations', 'emailParsingConfig']) {
  return renderRoute(
    <WithAccess codes={codes}>
      <WithModule>{page}</WithModule>
    </WithAccess>,
  );
}

describe('Brand Login', () => {
  it('shows a stored password as a mask only, and an edit left blank keeps it (no password sent)', async () => {
    mock.onGet('/v2/botconfig/credential').reply(200, { data: [FLIPKART_LOGIN] });
    mock.onPut('/v2/botconfig/credential').reply(200, { ...FLIPKART_LOGIN, userName: 'fk-ops-2' });
    renderPage(<BrandLoginPage />);

    const row = (await screen.findByText('Flipkart seller')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Flipkart')).toBeTruthy();
    expect(within(row).getByLabelText('Stored')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Flipkart seller' }));
    const replace = await screen.findByLabelText('Replace Password');
    expect((replace as HTMLInputElement).value).toBe('');
    expect(screen.getByText('The stored value is never shown. Type a new one only to replace it.')).toBeTruthy();
    const user = screen.getByRole('textbox', { name: 'User name' });
    await userEvent.clear(user);
    await userEvent.type(user, 'fk-ops-2');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    const sent = JSON.parse(String(mock.history.put?.[0]?.data));
    expect(sent).toMatchObject({ id: 7, name: 'Flipkart seller', botType: 'FLIPKART', userName: 'fk-ops-2' });
    expect(sent).not.toHaveProperty('password');
    await waitFor(() =>
      expect(capture.toasts).toEqual([expect.objectContaining({ type: 'success', title: 'Successfully Updated' })]),
    );
  });

  it('asks for the password of a new login, and shows the server’s field error under its field', async () => {
    mock.onGet('/v2/botconfig/credential').reply(200, { data: [] });
    mock.onPost('/v2/botconfig/credential').reply(400, {
      message: 'A config with this name already exists',
      errors: [{ field: 'name', defaultMessage: 'A config with this name already exists' }],
    });
    renderPage(<BrandLoginPage />);

    await userEvent.click(await screen.findByRole('button', { name: /Add Brand Login/ }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Amazon seller');
    await userEvent.click(screen.getByRole('combobox', { name: 'Brand' }));
    await userEvent.click(await screen.findByTitle('Amazon'));
    await userEvent.type(screen.getByRole('textbox', { name: 'User name' }), 'amz-ops');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(mock.history.post).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Password'), 'S3cret!pass');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('A config with this name already exists')).toBeTruthy();
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toMatchObject({
      name: 'Amazon seller',
      botType: 'AMAZON',
      password: 'S3cret!pass',
    });
  });
});

describe('Email Parsing Config', () => {
  it('checks the sender before saving, with the spec’s "Invalid Email"', async () => {
    mock.onGet('/v2/emailParsingConfig').reply(200, { data: [] });
    renderPage(<EmailParsingConfigPage />);

    await userEvent.click(await screen.findByRole('button', { name: /Create Rule/ }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Bank mail');
    // The examples come from the text bundle, as every text the user reads.
    const placeholder = (name: string) => screen.getByRole('textbox', { name }).getAttribute('placeholder');
    expect(['Sender email', 'Subject pattern', 'Attachment pattern'].map(placeholder)).toEqual([
      'reports@bank.example',
      'Settlement report *',
      '*.csv',
    ]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Sender email' }), 'reports at bank');
    await userEvent.type(screen.getByRole('textbox', { name: 'Attachment pattern' }), '*.csv');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Invalid Email')).toBeTruthy();
    expect(await screen.findByText('Target pipeline is required')).toBeTruthy();
    expect(mock.history.post).toHaveLength(0);
  });
});

describe('Tag Mapping', () => {
  it('deletes a mapping by its id only after the confirmation', async () => {
    mock.onGet('/v2/tagMapping').reply(200, {
      data: [{ id: 4, sourceTag: 'Refund', ticketTag: 'Urgent', botType: null, ...stamps }],
    });
    mock.onDelete('/v2/tagMapping').reply(200, { message: 'Successfully Deleted', deleted: 1 });
    renderPage(<TagMappingPage />);

    const row = (await screen.findByText('Refund')).closest('tr') as HTMLElement;
    expect(within(row).getByText('All brands')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Refund' }));
    expect(mock.history.delete).toHaveLength(0);
    expect(await screen.findByText('Delete "Refund"?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(mock.history.delete?.[0]?.params).toEqual({ tagMappingIds: '4' }));
  });

  it('deletes the selected mappings in one call with their comma-joined ids', async () => {
    mock.onGet('/v2/tagMapping').reply(200, {
      data: [
        { id: 4, sourceTag: 'Refund', ticketTag: 'Urgent', botType: null, ...stamps },
        { id: 9, sourceTag: 'Late payout', ticketTag: 'Problem', botType: 'AMAZON', ...stamps },
        { id: 12, sourceTag: 'Chargeback', ticketTag: 'Support', botType: null, ...stamps },
      ],
    });
    mock.onDelete('/v2/tagMapping').reply(200, { message: 'Successfully Deleted', deleted: 2 });
    renderPage(<TagMappingPage />);

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Refund' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Chargeback' }));
    await userEvent.click(screen.getByRole('button', { name: /Delete selected \(2\)/ }));
    expect(await screen.findByText('Delete 2 tag mappings?')).toBeTruthy();
    expect(mock.history.delete).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(mock.history.delete?.[0]?.params).toEqual({ tagMappingIds: '4,12' }));
    await waitFor(() =>
      expect(capture.toasts).toEqual([expect.objectContaining({ type: 'success', title: 'Successfully Deleted' })]),
    );
  });
});

describe('App Directory', () => {
  it('counts the module’s brand logins per marketplace and leads to Brand Login', async () => {
    mock.onGet('/v2/botconfig/credential').reply(200, { data: [FLIPKART_LOGIN] });
    const { router } = renderPage(<AppDirectoryPage />);

    expect(await screen.findByText('1 brand login')).toBeTruthy();
    expect(screen.getByText('0 brand logins')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect Amazon' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Manage Flipkart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/integrations/brand-login'));
  });
});
