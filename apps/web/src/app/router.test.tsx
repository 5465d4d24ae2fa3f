import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { patchSignedInRoutes, routes } from '@/app/router';
import { http } from '@/lib/http';
import { rememberVisitedUrl } from '@/lib/last-visited';
import { registerNavigate } from '@/lib/navigation';
import { getSelectedModuleId, getSignedInUser } from '@/lib/session';
import { MODULES, signIn } from '@/testing/fixtures';
import { answerLoginMethods } from '@/testing/login-methods';
import { testQueryClient } from '@/testing/render';

const mock = new MockAdapter(http);
let landingModuleId: number | null = null;

function serve(codes: string[], modules = MODULES) {
  mock.onGet('/v2/modules').reply((config) => {
    if (config.params?.Find === 'AllAssigned') {
      return [200, { draw: 0, recordsTotal: modules.length, recordsFiltered: modules.length, data: modules }];
    }
    // Nobody worked anywhere yet: the first assigned module is opened.
    if (config.params?.Find === 'Landing') return [200, { moduleId: landingModuleId }];
    return [200, { data: modules }];
  });
  mock.onGet('/v2/privileges').reply(200, { data: codes.map((privilegeCode) => ({ privilegeCode, version: 'v2' })) });
  mock.onGet('/v2/globalsettings').reply(200, { data: [] });
  mock.onGet('/v2/auditlogs').reply(200, { draw: 1, recordsTotal: 0, recordsFiltered: 0, data: [] });
}

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation: patchSignedInRoutes });
  registerNavigate((to) => void router.navigate(to, { replace: true }));
  render(
    <AppProviders client={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

let loginMethods: ReturnType<typeof answerLoginMethods>;
beforeEach(() => {
  mock.reset();
  landingModuleId = null;
  loginMethods = answerLoginMethods([]);
});
afterEach(() => {
  mock.reset();
  loginMethods.mockRestore();
});

describe('routing rules', () => {
  it('sends a signed-out visit of the root to /login', async () => {
    const router = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends a signed-out visit of a page to /login', async () => {
    const router = renderApp('/settings/audit-logs');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the not-found image without the shell for a signed-out unknown path', async () => {
    renderApp('/no-such-place');
    expect(await screen.findByText('Sorry, the page you visited does not exist.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Product' })).toBeNull();
  });

  it('shows a user without the page privilege that the page is not allowed, inside the shell, at its address', async () => {
    signIn({}, 1);
    serve(['modules']);
    const router = renderApp('/settings/audit-logs');
    expect(await screen.findByText('Not Allowed')).toBeTruthy();
    expect(screen.getByText(/Sorry, you are not authorized to access this page\./)).toBeTruthy();
    expect(screen.queryByText('Sorry, the page you visited does not exist.')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Product' })).toBeTruthy();
    expect(screen.getByRole('navigation')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings/audit-logs');
  });

  it('opens a page inside the shell when the user holds its privilege', async () => {
    signIn({}, 1);
    serve(['auditLogs']);
    renderApp('/settings/audit-logs');
    expect(await screen.findByRole('heading', { name: 'Audit Logs' })).toBeTruthy();
    expect(await screen.findByText('No Data available')).toBeTruthy();
  });

  it('offers "Skip to content" as the first Tab stop, then the sidebar before the page; the link moves to the page', async () => {
    signIn({}, 1);
    serve(['auditLogs']);
    renderApp('/settings/audit-logs');
    await screen.findByRole('heading', { name: 'Audit Logs' });

    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Skip to content');
    await userEvent.tab();
    const sidebar = screen.getByRole('navigation').closest('aside');
    expect(sidebar?.contains(document.activeElement)).toBe(true);

    await userEvent.click(screen.getByText('Skip to content'));
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('tells a user without any module that none is assigned', async () => {
    signIn();
    serve(['auditLogs'], []);
    renderApp('/settings/audit-logs');
    expect(
      await screen.findByText('You have not been assigned any module! Ask administrator to assign some module to you!'),
    ).toBeTruthy();
  });

  it('selects the first assigned module when the stored one is no longer assigned', async () => {
    signIn({}, 99);
    serve(['auditLogs']);
    renderApp('/settings/audit-logs');
    await screen.findByRole('heading', { name: 'Audit Logs' });
    expect(getSelectedModuleId()).toBe(1);
  });

  it('shows the not-found image inside the shell for a page that is not built', async () => {
    signIn({}, 1);
    serve(['readMerchantDisputes']);
    renderApp('/merchant-disputes/all');
    expect(await screen.findByText('Sorry, the page you visited does not exist.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Product' })).toBeTruthy();
  });

  it('lands the redirect after sign-in on a built page rather than an unbuilt first section', async () => {
    signIn();
    serve(['readMerchantDisputes', 'dataAdministration', 'auditLogs']);
    const router = renderApp('/redirect');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/audit-logs'));
  });

  it("lands the operator's redirect after sign-in on Dashboard › All Dashboard, a real page now", async () => {
    signIn();
    serve(['dashboards', 'dataAdministration', 'auditLogs']);
    const router = renderApp('/redirect');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/all'));
  });

  it('opens, after sign-in, the module the user last worked in that has data rather than the first assigned', async () => {
    signIn();
    landingModuleId = 2;
    serve(['auditLogs', 'modules']);
    const router = renderApp('/redirect');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/audit-logs'));
    expect(getSelectedModuleId()).toBe(2);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Product' }).closest('.ant-select')?.textContent).toContain('Cards'),
    );
  });

  it('opens the first assigned module after sign-in when the user worked in none', async () => {
    signIn();
    serve(['auditLogs', 'modules']);
    const router = renderApp('/redirect');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/audit-logs'));
    expect(getSelectedModuleId()).toBe(1);
  });

  it('lands the redirect route on the last page visited in the section for the module', async () => {
    signIn({}, 2);
    serve(['auditLogs', 'modules']);
    rememberVisitedUrl(2, '/settings/audit-logs?page=1&size=10');
    const router = renderApp('/redirect?to=%2Fsettings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/audit-logs'));
  });

  it('switches module from the product switcher and redirects within the new module', async () => {
    signIn({}, 1);
    serve(['auditLogs', 'modules']);
    rememberVisitedUrl(2, '/settings/module-settings');
    const router = renderApp('/settings/audit-logs');
    await screen.findByRole('heading', { name: 'Audit Logs' });

    await userEvent.click(screen.getByRole('combobox', { name: 'Product' }));
    await userEvent.click(await screen.findByText('Cards', { selector: '.ant-select-item-option-content' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/module-settings'));
    expect(getSelectedModuleId()).toBe(2);
  });

  it("ends a session whose refresh is refused on /login with the server's reason", async () => {
    signIn({}, 1);
    mock.onGet('/v2/modules').reply(401, [{ message: 'Token expired', code: 'TOKEN_EXPIRED' }]);
    mock
      .onPost('/v2/refreshtoken')
      .reply(401, [{ message: 'Invalid session. Please sign in again.', code: 'REFRESH_INVALID' }]);

    const router = renderApp('/settings/audit-logs');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('errMessage')).toBe(
      'Invalid session. Please sign in again.',
    );
    expect(await screen.findByText('Invalid session. Please sign in again.')).toBeTruthy();
    expect(getSignedInUser()).toBeNull();
  });
});

describe('the browser title', () => {
  beforeEach(() => {
    document.title = '';
  });

  it('names the login page after the brand', async () => {
    renderApp('/');
    await waitFor(() => expect(document.title).toBe('Login · Recon'));
  });

  it('names a signed-out unknown path as not found', async () => {
    renderApp('/no-such-place');
    await screen.findByText('Sorry, the page you visited does not exist.');
    expect(document.title).toBe('Page Not Found · Recon');
  });

  it("follows the signed-in pages by the navigation's labels, a sub-page by its entry's", async () => {
    signIn({}, 1);
    serve(['auditLogs', 'jobExecutions', 'reportExecutions']);
    mock.onGet(/\/v2\/.*/).reply(200, { draw: 1, recordsTotal: 0, recordsFiltered: 0, data: [] });
    const router = renderApp('/settings/audit-logs');
    await screen.findByRole('heading', { name: 'Audit Logs' });
    expect(document.title).toBe('Audit Logs · Recon');

    await router.navigate('/operations/history/execution-history');
    await waitFor(() => expect(document.title).toBe('Execution History · Recon'));

    await router.navigate('/reports/reports-execution/42');
    await waitFor(() => expect(document.title).toBe('Reports Execution · Recon'));

    await router.navigate('/module');
    await waitFor(() => expect(document.title).toBe('Select Module · Recon'));
  });
});
