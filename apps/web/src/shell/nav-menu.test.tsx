import { visibleNav } from '@recon/contract/nav';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NavMenu } from '@/shell/nav-menu';
import { renderRoute } from '@/testing/render';

describe('sidebar navigation', () => {
  it('shows only the sections the user may see, in tree order', async () => {
    const sections = visibleNav(new Set(['dashboards', 'auditLogs', 'reportExecutions']), 1);

    renderRoute(<NavMenu sections={sections} isCollapsed={false} />, { path: '/settings/audit-logs' });

    await waitFor(() =>
      expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
        'Dashboard',
        'Reports',
        'Settings',
        'Audit Logs',
      ]),
    );
  });

  it('opens the branch of the current page and goes to a page when it is clicked', async () => {
    const sections = visibleNav(new Set(['auditLogs', 'modules', 'roles']), 1);
    const { router } = renderRoute(<NavMenu sections={sections} isCollapsed={false} />, {
      path: '/settings/*',
      initialEntry: '/settings/audit-logs',
    });

    expect(screen.getByText('Module Settings')).toBeTruthy();
    await userEvent.click(screen.getByText('Module Settings'));

    expect(router.state.location.pathname).toBe('/settings/module-settings');
  });
});
