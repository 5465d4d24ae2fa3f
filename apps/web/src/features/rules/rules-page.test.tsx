import { RULE_TEXTS } from '@recon/contract/texts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import RulesPage from '@/features/rules/rules-page';
import { RECON, RULES } from '@/features/rules/testing/fixtures';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

configure({ asyncUtilTimeout: 15_000 });

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  mock.onGet('/v2/recons').reply(200, { data: [RECON] });
  mock.onGet('/v2/rules').reply(200, { data: RULES, ruleGroupId: 9 });
});
afterEach(() => {
  capture.release();
  mock.reset();
});

const PATH = '/operations/configuration/recon-rules';

function renderPage(codes: string[]) {
  return renderRoute(
    <WithModule>
      <WithAccess codes={codes}>
        <RulesPage />
      </WithAccess>
    </WithModule>,
    { path: PATH },
  );
}

describe('the recon rules list', { timeout: 120_000 }, () => {
  it("shows the first recon's rules in order and saves a switched rule at once, after saying what the next run will do", async () => {
    const switched = RULES.map((r) => (r.id === 72 ? { ...r, enabled: false } : r));
    mock
      .onPut('/v2/rulegroups')
      .reply(200, { id: 9, reconId: RECON.id, reconName: RECON.name, rules: switched, updatedAt: '' });
    renderPage(['rules', 'viewRule', 'createEditRule']);
    const charges = await screen.findByRole('link', { name: 'Bank charges' });
    expect(mock.history.get.find((r) => r.url === '/v2/rules')?.params).toEqual({
      Find: 'SelectedRuleByRecon',
      reconId: RECON.id,
    });
    const row = charges.closest('tr') as HTMLElement;
    expect(within(row).getByText('Knock off')).toBeTruthy();
    const save = screen.getByRole('button', { name: /Save Order/ });
    expect(save).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('switch', { name: 'Bank charges enabled' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Switch off Bank charges?')).toBeTruthy();
    expect(within(dialog).getByText('The next run will match without rule Bank charges.')).toBeTruthy();
    expect(mock.history.put).toHaveLength(0);
    mock.onGet('/v2/rules').reply(200, { data: switched, ruleGroupId: 9 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch off' }));

    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(String(mock.history.put[0]?.data))).toEqual({
      id: 9,
      rules: [
        { id: 71, sequence: 1, enabled: true },
        { id: 72, sequence: 2, enabled: false },
      ],
    });
    await waitFor(() =>
      expect(capture.toasts.filter((t) => t.type === 'success').map((t) => t.title)).toEqual([
        'Bank charges is off: the next run will match without it.',
      ]),
    );
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Bank charges enabled' }).getAttribute('aria-checked')).toBe('false'),
    );
    // Saved: nothing is left to save, nothing asks before leaving.
    expect(save).toHaveProperty('disabled', true);
    expect(screen.queryByText(/Unsaved changes/)).toBeNull();
  });

  it('puts the switch back and shows the error when the server refuses it', async () => {
    mock.onPut('/v2/rulegroups').reply(400, { message: RULE_TEXTS.groupRulesMismatch });
    renderPage(['rules', 'viewRule', 'createEditRule']);
    const toggle = await screen.findByRole('switch', { name: 'Bank charges enabled' });
    await userEvent.click(toggle);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch off' }));

    await waitFor(() => expect(capture.toasts.some((t) => t.type === 'error')).toBe(true));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Bank charges enabled' }).getAttribute('aria-checked')).toBe('true'),
    );
    expect(capture.toasts.filter((t) => t.type === 'success')).toEqual([]);
  });

  it('sends nothing when the switch is not confirmed', async () => {
    renderPage(['rules', 'viewRule', 'createEditRule']);
    await userEvent.click(await screen.findByRole('switch', { name: 'Exact reference enabled' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(mock.history.put).toHaveLength(0);
    expect(screen.getByRole('switch', { name: 'Exact reference enabled' }).getAttribute('aria-checked')).toBe('true');
  });

  it('shows a holder of viewRule only the rules and the view action', async () => {
    renderPage(['viewRule']);
    await screen.findByRole('link', { name: 'Exact reference' });
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /Save Order/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Create Rule/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
    expect(screen.getByRole('button', { name: 'View Exact reference' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Exact reference' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy Exact reference' })).toBeNull();
  });
});
