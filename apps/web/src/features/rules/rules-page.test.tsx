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
  it("shows the first recon's rules in order and saves a changed enable flag with the whole order", async () => {
    mock
      .onPut('/v2/rulegroups')
      .reply(200, { id: 9, reconId: RECON.id, reconName: RECON.name, rules: RULES, updatedAt: '' });
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
    expect(screen.getByText('Order not saved')).toBeTruthy();
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await userEvent.click(save);

    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(String(mock.history.put[0]?.data))).toEqual({
      id: 9,
      rules: [
        { id: 71, sequence: 1, enabled: true },
        { id: 72, sequence: 2, enabled: false },
      ],
    });
    await waitFor(() =>
      expect(capture.toasts.filter((t) => t.type === 'success').map((t) => t.title)).toEqual([RULE_TEXTS.orderSaved]),
    );
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
