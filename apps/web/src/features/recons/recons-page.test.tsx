import type { ReconRow } from '@recon/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ReconsPage from '@/features/recons/recons-page';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

const RECON: ReconRow = {
  id: 5,
  name: 'Bank vs Gateway',
  description: 'Bank credits against settlements',
  dataSourceCount: 2,
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-22T10:00:00Z',
};

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  mock.onGet('/v2/recons').reply(200, { draw: 1, recordsTotal: 1, recordsFiltered: 1, data: [RECON] });
});
afterEach(() => {
  capture.release();
  mock.reset();
});

function renderPage(initialEntry = '/operations/configuration/recons') {
  return renderRoute(
    <WithModule>
      <WithAccess codes={['recons']}>
        <ReconsPage />
      </WithAccess>
    </WithModule>,
    { path: '/operations/configuration/recons', initialEntry },
  );
}

async function confirmDelete() {
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Bank vs Gateway' }));
  const popup = (await screen.findByText('Are you sure?')).closest('.ant-popover') as HTMLElement;
  expect(within(popup).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  await userEvent.click(within(popup).getByRole('button', { name: 'Confirm' }));
}

describe('recons list', { timeout: 60_000 }, () => {
  it('shows each recon with its dates in DD-MM-YYYY and searches on the server', async () => {
    renderPage('/operations/configuration/recons?search=bank');

    expect(await screen.findByText('Bank vs Gateway')).toBeTruthy();
    expect(screen.getByText(/^21-11-2026 \d{2}:\d{2} (AM|PM)$/)).toBeTruthy();
    expect(mock.history.get?.at(-1)?.params).toMatchObject({ start: 0, length: 50, 'search[value]': 'bank' });
  });

  it('deletes only after "Are you sure?" is confirmed', async () => {
    mock.onDelete('/v2/recons/5').reply(200, { message: 'Recon deleted' });
    renderPage();

    await confirmDelete();

    await waitFor(() => expect(mock.history.delete?.map((r) => r.url)).toEqual(['/v2/recons/5']));
    await waitFor(() => expect(capture.toasts.map((t) => t.title)).toEqual(['Recon deleted']));
  });

  it("shows the server's refusal while data sources still use the recon", async () => {
    const message = 'Recon cannot be deleted while data sources use it: Bank Statement, Gateway Settlement';
    mock.onDelete('/v2/recons/5').reply(400, { message, errors: [{ field: 'id', defaultMessage: message }] });
    renderPage();

    await confirmDelete();

    await waitFor(() => expect(capture.toasts).toEqual([expect.objectContaining({ type: 'error', title: message })]));
  });
});
