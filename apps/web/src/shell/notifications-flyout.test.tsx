import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NotificationsFlyout } from '@/shell/notifications-flyout';
import { renderRoute } from '@/testing/render';

describe('notifications flyout', () => {
  it('shows the empty state and leads View All to the lien action history', async () => {
    const { router } = renderRoute(<NotificationsFlyout />);

    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));

    expect(await screen.findByText('No Data available')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'View All' }));
    expect(router.state.location.pathname).toBe('/transactions/lien-actions/action-history');
  });
});
