import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import OAuthPage from '@/features/integrations/o-auth-page';
import { http } from '@/lib/http';
import { postOAuthMessage } from '@/lib/oauth-channel';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;
const account = (over: object) => ({
  id: 1,
  provider: 'gmail',
  account: 'recon@shop.example',
  authType: 'OAUTH',
  status: 'CONNECTED',
  connected: true,
  scopes: ['email', 'https://www.googleapis.com/auth/gmail.readonly'],
  expiresAt: '2026-11-27T10:00:00Z',
  lastError: null,
  connectedBy: 'admin',
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  ...over,
});
let popup: { location: { href: string }; closed: boolean; close: () => void };

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  popup = { location: { href: 'about:blank' }, closed: false, close: vi.fn() };
  vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  mock.onGet('/v2/gateway').reply(200, { data: [] });
});
afterEach(() => {
  capture.release();
  mock.reset();
  vi.restoreAllMocks();
});

const renderPage = () =>
  renderRoute(
    <WithAccess codes={['integrations']}>
      <WithModule>
        <OAuthPage />
      </WithModule>
    </WithAccess>,
  );

describe('Settings › Integrations › OAuth', () => {
  it("lists the module's mail accounts and gateway links with their status, never a token", async () => {
    mock.onGet('/v2/integrations/email/oauth').reply(200, {
      data: [
        account({}),
        account({ id: 2, provider: 'outlook', account: 'ops@corp.example', status: 'EXPIRED', lastError: 'x' }),
      ],
    });
    mock.onGet('/v2/gateway').reply(200, {
      data: [account({ id: 3, provider: 'razorpay', account: 'rzp_live_1', authType: 'API_KEY', scopes: [] })],
    });
    renderPage();
    const gmail = (await screen.findByText('recon@shop.example')).closest('tr') as HTMLElement;
    expect(within(gmail).getByText('Connected')).toBeTruthy();
    expect(within(gmail).getByText('gmail.readonly')).toBeTruthy();
    const outlook = screen.getByText('ops@corp.example').closest('tr') as HTMLElement;
    expect(within(outlook).getByText('Expired')).toBeTruthy();
    expect(within(outlook).getByRole('button', { name: /Reconnect/ })).toBeTruthy();
    const gateway = (await screen.findByText('rzp_live_1')).closest('tr') as HTMLElement;
    expect(within(gateway).getByText(/API key/)).toBeTruthy();
    expect(mock.history.get?.find((r) => r.url === '/v2/integrations/email/oauth')?.params).toEqual({
      moduleId: 1,
      Find: 'ByModule',
    });
  });

  it('connects Gmail through the popup: the callback’s code and state go to the server', async () => {
    mock.onGet('/v2/integrations/email/oauth').reply(200, { data: [] });
    mock
      .onPost('/v2/integrations/email/new')
      .reply(200, { authorizeUrl: 'https://provider.test/authorize?x=1', state: 's1' });
    mock.onPost('/v2/integrations/email/oauth').reply(200, account({}));
    renderPage();
    expect(await screen.findByText('No mail account connected yet.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Connect Gmail' }));
    await waitFor(() => expect(popup.location.href).toBe('https://provider.test/authorize?x=1'));
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({ provider: 'gmail' });
    postOAuthMessage({ type: 'SUCCESS', provider: 'gmail', code: 'code-1', userName: null, state: 's1' });

    await waitFor(() =>
      expect(capture.toasts).toEqual([expect.objectContaining({ type: 'success', title: 'Account connected' })]),
    );
    const exchange = mock.history.post?.find((r) => r.url === '/v2/integrations/email/oauth');
    expect(exchange?.params).toEqual({ moduleId: 1, Find: 'ByModule' });
    expect(JSON.parse(String(exchange?.data))).toEqual({ provider: 'gmail', code: 'code-1', state: 's1' });
  });

  it('shows the error the callback sends, and exchanges nothing', async () => {
    mock.onGet('/v2/integrations/email/oauth').reply(200, { data: [] });
    mock.onPost('/v2/integrations/email/new').reply(200, { authorizeUrl: 'https://provider.test/a', state: 's' });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Gmail' }));
    await waitFor(() => expect(popup.location.href).toBe('https://provider.test/a'));
    postOAuthMessage({ type: 'ERROR', provider: 'gmail', error: 'access_denied' });
    await waitFor(() => expect(capture.toasts).toEqual([expect.objectContaining({ type: 'error' })]));
    expect(JSON.stringify(capture.toasts)).toContain('access_denied');
    expect(mock.history.post?.some((r) => r.url === '/v2/integrations/email/oauth')).toBe(false);
  });

  it('disconnects only after confirmation', async () => {
    mock.onGet('/v2/integrations/email/oauth').reply(200, { data: [account({})] });
    mock.onPut('/v2/integrations/email/modify').reply(200, account({ status: 'DISCONNECTED', connected: false }));
    renderPage();
    const row = (await screen.findByText('recon@shop.example')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /Disconnect/ }));
    expect(await screen.findByText(/Disconnect recon@shop.example\?/)).toBeTruthy();
    expect(mock.history.put).toHaveLength(0);
    const confirm = screen.getAllByRole('button', { name: /Disconnect/ }).at(-1) as HTMLElement;
    await userEvent.click(confirm);
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(String(mock.history.put?.[0]?.data))).toEqual({ id: 1, isActive: false });
  });

  it('links Razorpay by API key, showing the gateway’s refusal under the secret', async () => {
    mock.onGet('/v2/integrations/email/oauth').reply(200, { data: [] });
    mock.onPost('/v2/gateway/link/apikey').replyOnce(400, {
      message: 'The gateway refused this key',
      errors: [{ field: 'keySecret', defaultMessage: 'The gateway refused this key' }],
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Link with API key/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Key id'), 'rzp_live_1');
    await userEvent.type(within(dialog).getByLabelText('Key secret'), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await within(dialog).findByText('The gateway refused this key')).toBeTruthy();
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({
      provider: 'razorpay',
      keyId: 'rzp_live_1',
      keySecret: 'wrong',
    });
  });
});
