import { screen } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RowDrawer } from '@/features/transactions/components/row-drawer';
import { RECON, row } from '@/features/transactions/testing/fixtures';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
beforeEach(() => {
  signIn({}, 1);
  mock.onAny().reply(500);
});
afterEach(() => mock.reset());

function renderDrawer(codes: string[]) {
  const opened = row(501, { reference: 'R1', value_date: '2026-10-01', amount: '10.0000' }, { ticketIds: [4, 9] });
  return renderRoute(
    <WithModule>
      <WithAccess codes={codes}>
        <RowDrawer recon={RECON} dataSourceId={11} row={opened} onClose={() => undefined} />
      </WithAccess>
    </WithModule>,
    { path: '/transactions/recon/all', initialEntry: '/transactions/recon/all' },
  );
}

describe('the row drawer', () => {
  it('links each ticket raised on the row to it in My Jobs › Tickets', async () => {
    renderDrawer(['allTransactions', 'ticket']);
    const first = await screen.findByRole('link', { name: 'Ticket #4' }, { timeout: 5000 });
    expect(first.getAttribute('href')).toBe('/my-jobs/tickets/internal?ticketId=4');
    expect(screen.getByRole('link', { name: 'Ticket #9' })).toBeTruthy();
  });

  it('shows no ticket link to someone without the ticket privilege', async () => {
    renderDrawer(['allTransactions']);
    await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: 'Ticket #4' })).toBeNull();
  });
});
