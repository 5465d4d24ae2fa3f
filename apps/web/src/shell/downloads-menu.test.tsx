import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DownloadsMenu } from '@/shell/downloads-menu';
import { renderRoute, WithAccess } from '@/testing/render';

/** Lets real time pass with React's updates flushed. */
const sleep = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

function renderMenu(codes: string[], isCollapsed: boolean) {
  return renderRoute(
    <WithAccess codes={codes}>
      <DownloadsMenu isCollapsed={isCollapsed} />
    </WithAccess>,
    { path: '/settings/audit-logs' },
  );
}

const trigger = () => screen.getByRole('button', { name: 'Downloads' });

describe('downloads dropdown', () => {
  it('lists only the downloads the user may see when clicked in the expanded sidebar', async () => {
    renderMenu(['dashboards', 'reportExecutions', 'recons'], false);

    await userEvent.click(trigger());

    expect(await screen.findByText('Dashboard Downloads')).toBeTruthy();
    expect(screen.getByText('Report Downloads')).toBeTruthy();
    expect(screen.getByText('Transaction Downloads')).toBeTruthy();
    expect(screen.queryByText('Approval Downloads')).toBeNull();
    expect(screen.queryByText('BRS Report Downloads')).toBeNull();
  });

  it('goes to the download list of the chosen entry', async () => {
    const { router } = renderMenu(['brsReport'], false);

    await userEvent.click(trigger());
    await userEvent.click(await screen.findByText('BRS Report Downloads'));

    expect(router.state.location.pathname).toBe('/downloads/brs-report-downloads');
  });

  it('closes 150 ms after the pointer leaves', async () => {
    renderMenu(['dashboards'], false);
    await userEvent.click(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('true');

    fireEvent.mouseLeave(trigger());
    await sleep(100);
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    await sleep(100);

    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('opens on hover when the sidebar is collapsed', async () => {
    renderMenu(['dashboards'], true);

    fireEvent.mouseEnter(trigger());

    await waitFor(() => expect(trigger().getAttribute('aria-expanded')).toBe('true'));
  });

  it('does not open on hover when the sidebar is expanded', async () => {
    renderMenu(['dashboards'], false);

    fireEvent.mouseEnter(trigger());
    await sleep(50);

    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('is absent for a user without any download privilege', () => {
    renderMenu(['auditLogs'], false);
    expect(screen.queryByRole('button', { name: 'Downloads' })).toBeNull();
  });
});
