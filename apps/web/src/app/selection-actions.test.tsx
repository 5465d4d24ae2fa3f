import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SelectionActionsHost } from '@/app/selection-actions';
import { http } from '@/lib/http';
import { SelectionActions } from '@/lib/selection-actions';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { renderRoute, WithAccess } from '@/testing/render';

// "Raise ticket" on selected recon rows (issue 14): the app layer puts the tickets feature's action in the selection
// bar's slot; the ticket is created linked to the rows, its title from the tab and the first references.

const mock = new MockAdapter(http);
beforeEach(() => {
  localStorage.clear();
  signIn({}, 1);
  mock.onGet('/v2/tickets/users').reply(200, { data: [] });
});
afterEach(() => mock.reset());

const rows = [
  { id: 501, reference: 'UTR9001', summary: '₹1,200.00 · Unreconciled' },
  { id: 502, reference: 'UTR9002', summary: '₹80.00 · Unreconciled' },
  { id: 503, reference: 'UTR9003', summary: '₹5.00 · Unreconciled' },
  { id: 504, reference: 'UTR9004', summary: '₹7.00 · Unreconciled' },
];

const created = {
  id: 44,
  title: 'Bank vs PG › Unreconciled · UTR9001, UTR9002, UTR9003 +1',
  priority: 'MEDIUM',
  type: 'INCIDENT',
  status: 'OPEN',
  statusLabel: 'Open',
  origin: 'INTERNAL',
  tags: [],
  assignees: [],
  createdBy: 'admin',
  createdAt: '2026-11-20T10:00:00.000Z',
  assignedBy: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
  dueDate: '2026-11-30T18:29:59.999Z',
  isOverdue: false,
  linkedRowCount: 4,
  description: null,
  cced: [],
  marketplaceBrand: null,
  externalType: null,
  externalProvider: null,
  comments: [],
  links: [],
  allowedActions: [],
  nextStatuses: [],
  knockOffApprovalIds: [],
};

function renderBar(codes: string[], onDone = () => undefined) {
  return renderRoute(
    <WithModule>
      <WithAccess codes={codes}>
        <SelectionActionsHost>
          <div role="toolbar" aria-label="Selection">
            <SelectionActions where="Bank vs PG › Unreconciled" dataSourceId={3} rows={rows} onDone={onDone} />
          </div>
        </SelectionActionsHost>
      </WithAccess>
    </WithModule>,
  );
}

describe('Raise ticket in a selection bar', () => {
  it('opens the ticket form filled from the rows and creates the ticket linked to them', async () => {
    mock.onPost('/v2/tickets').reply(201, created);
    const onDone = vi.fn();
    renderBar(['ticket'], onDone);
    await userEvent.click(await screen.findByRole('button', { name: 'Raise ticket' }, { timeout: 5000 }));
    const modal = (await screen.findByText('New ticket', {}, { timeout: 5000 })).closest('.ant-modal') as HTMLElement;
    expect((within(modal).getByLabelText('Title') as HTMLInputElement).value).toBe(
      'Bank vs PG › Unreconciled · UTR9001, UTR9002, UTR9003 +1',
    );
    expect(within(modal).getByText('Raised on 4 selected rows: they stay linked to the ticket.')).toBeTruthy();
    expect(within(modal).getByText('UTR9004')).toBeTruthy();
    expect(within(modal).getByText('₹1,200.00 · Unreconciled')).toBeTruthy();
    await userEvent.click(within(modal).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(mock.history.post).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(mock.history.post?.[0]?.data as string)).toMatchObject({
      title: 'Bank vs PG › Unreconciled · UTR9001, UTR9002, UTR9003 +1',
      links: [{ dataSourceId: 3, rowIds: [501, 502, 503, 504] }],
    });
    await waitFor(() => expect(onDone).toHaveBeenCalled(), { timeout: 5000 });
  }, 30_000);

  it('is not offered without the ticket privilege', async () => {
    renderBar(['knockOff']);
    await screen.findByRole('toolbar', { name: 'Selection' });
    // The lazy action has loaded and chosen to draw nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('button', { name: 'Raise ticket' })).toBeNull();
  });
});
