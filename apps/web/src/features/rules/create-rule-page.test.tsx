import { RULE_TEXTS } from '@recon/contract/texts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import CreateRulePage from '@/features/rules/create-rule-page';
import { ELEMENTS_A, ELEMENTS_B, RECON, ruleDetail, SIDE_A, SIDE_B } from '@/features/rules/testing/fixtures';
import { chooseOption } from '@/features/rules/testing/select';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { captureToasts } from '@/testing/notifications';
import { renderRoute, WithAccess } from '@/testing/render';

// A loaded machine renders Ant Design slowly (the editor holds a table of selects): wait well past the 1 s default.
configure({ asyncUtilTimeout: 15_000 });

const mock = new MockAdapter(http);
let capture: ReturnType<typeof captureToasts>;

beforeEach(() => {
  signIn({}, 1);
  capture = captureToasts();
  mock.onGet('/v2/recons').reply(200, { data: [RECON] });
  mock.onGet('/v2/datasources').reply(200, { data: [SIDE_A, SIDE_B] });
  mock.onGet(`/v2/datasources/${SIDE_A.id}`).reply(200, { data: ELEMENTS_A });
  mock.onGet(`/v2/datasources/${SIDE_B.id}`).reply(200, { data: ELEMENTS_B });
});
afterEach(() => {
  capture.release();
  mock.reset();
});

const PATH = '/operations/configuration/recon-rules/create-rule';

function renderPage() {
  return renderRoute(
    <WithModule>
      <WithAccess codes={['rules', 'viewRule', 'createEditRule']}>
        <CreateRulePage />
      </WithAccess>
    </WithModule>,
    { path: PATH, initialEntry: `${PATH}?reconId=${RECON.id}` },
  );
}

/** Each condition row as "sequence:type", in the order shown. */
function conditionRows(): string[] {
  return [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((row) => {
    const cells = row.querySelectorAll('td');
    const type = cells[1]?.textContent?.startsWith('Filter')
      ? `Filter${cells[1]?.querySelector('input[type="checkbox"]:checked') ? '/primary' : '/secondary'}`
      : 'Matching';
    return `${cells[0]?.textContent}:${type}`;
  });
}

const errorTitles = () => capture.toasts.filter((t) => t.type === 'error').map((t) => t.title);
const create = () => userEvent.click(screen.getByRole('button', { name: 'Create' }));
/**
 * The editor has loaded: its first condition's column select shows. Polled by label while the page loads (a role
 * query looks up the style of every element it walks, after every change), then found once by its role.
 */
async function ready() {
  await screen.findByLabelText('Condition 1 Element One Column');
  return screen.getByRole('combobox', { name: 'Condition 1 Element One Column' });
}

describe('the rule editor', { timeout: 180_000 }, () => {
  it('starts with one matching condition and renumbers in the spec order on add and delete', async () => {
    renderPage();
    await ready();
    expect(conditionRows()).toEqual(['1:Matching']);

    await userEvent.click(screen.getByRole('button', { name: /Add Filter/ }));
    expect(conditionRows()).toEqual(['1:Matching', '2:Filter/primary']);

    // A matching condition added after a filter goes before it.
    await userEvent.click(screen.getByRole('button', { name: /Add Matching Condition/ }));
    expect(conditionRows()).toEqual(['1:Matching', '2:Matching', '3:Filter/primary']);

    // A filter made secondary goes after the primary ones.
    await userEvent.click(screen.getByRole('button', { name: /Add Filter/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Condition 3 Primary' }));
    expect(conditionRows()).toEqual(['1:Matching', '2:Matching', '3:Filter/primary', '4:Filter/secondary']);

    await userEvent.click(screen.getByRole('button', { name: 'Remove condition 1' }));
    expect(conditionRows()).toEqual(['1:Matching', '2:Filter/primary', '3:Filter/secondary']);
  });

  it('sends the head and the conditions in their order, then shows the recon rules', async () => {
    mock.onPost('/v2/rules').reply(200, ruleDetail({ id: 80, name: 'Order id and amount' }));
    const { router } = renderPage();
    await ready();
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: ' Order id and amount ' } });
    await chooseOption('Condition 1 Element One Column', 'reference');
    await chooseOption('Condition 1 Element Two Column', 'order_id');
    await userEvent.click(screen.getByRole('button', { name: /Add Filter/ }));
    await chooseOption('Condition 2 Element One Column', 'debit_credit');
    fireEvent.change(screen.getByRole('textbox', { name: 'Condition 2 value' }), { target: { value: 'CR' } });
    await userEvent.click(screen.getByRole('button', { name: /Add Matching Condition/ }));
    await chooseOption('Condition 2 Element One Column', 'amount');
    await chooseOption('Condition 2 Element Two Column', 'gross_amount');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Condition 2 Tolerance' }), { target: { value: '0.5' } });

    await create();
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    const body = JSON.parse(String(mock.history.post[0]?.data));
    expect(body).toMatchObject({
      reconId: RECON.id,
      name: 'Order id and amount',
      description: '',
      ruleType: 'RECONCILED',
      enabled: true,
    });
    expect(body).not.toHaveProperty('id');
    expect(body.conditions).toEqual([
      {
        sequence: 1,
        ruleConditionType: 'MATCHING',
        conditionJointType: 'AND',
        primaryCondition: false,
        conditionEnable: true,
        operator: 'EQUAL',
        elementOne: {
          valueType: 'COLUMN',
          dataSourceId: SIDE_A.id,
          columnName: 'reference',
          value: null,
          transforms: [],
          aggregation: null,
        },
        elementSecond: {
          valueType: 'COLUMN',
          dataSourceId: SIDE_B.id,
          columnName: 'order_id',
          value: null,
          transforms: [],
          aggregation: null,
        },
        tolerance: null,
        toleranceType: null,
      },
      expect.objectContaining({
        sequence: 2,
        ruleConditionType: 'MATCHING',
        elementOne: expect.objectContaining({ columnName: 'amount' }),
        elementSecond: expect.objectContaining({ columnName: 'gross_amount' }),
        tolerance: 0.5,
        toleranceType: 'AMOUNT',
      }),
      expect.objectContaining({
        sequence: 3,
        ruleConditionType: 'FILTER',
        primaryCondition: true,
        operator: 'EQUAL',
        elementOne: expect.objectContaining({ dataSourceId: SIDE_A.id, columnName: 'debit_credit' }),
        elementSecond: { valueType: 'CONSTANT', value: 'CR', transforms: [], aggregation: null },
      }),
    ]);
    await waitFor(() => expect(router.state.location.search).toBe(`?reconId=${RECON.id}`));
    expect(router.state.location.pathname).toBe('/operations/configuration/recon-rules');
    expect(capture.toasts.filter((t) => t.type === 'success').map((t) => t.title)).toEqual([RULE_TEXTS.created]);
  });

  it('shows the first problem as a toast and sends nothing', async () => {
    renderPage();
    await ready();
    await create();
    expect(errorTitles().at(-1)).toBe(RULE_TEXTS.nameRequired);

    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'Half done' } });
    await create();
    expect(errorTitles().at(-1)).toBe('Condition 1: Element one needs a column');

    await chooseOption('Condition 1 Element One Column', 'amount');
    await chooseOption('Condition 1 Element Two Column', 'order_id');
    await create();
    expect(errorTitles().at(-1)).toBe('Condition 1: element one is number but element two is text');
    expect(mock.history.post).toHaveLength(0);
  });

  it("shows the server's refusal as the error toast", async () => {
    const message = RULE_TEXTS.nameTaken;
    mock.onPost('/v2/rules').reply(400, { message, errors: [{ field: 'name', defaultMessage: message }] });
    renderPage();
    await ready();
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'Taken' } });
    await chooseOption('Condition 1 Element One Column', 'reference');
    await chooseOption('Condition 1 Element Two Column', 'order_id');
    await create();
    await waitFor(() => expect(errorTitles().at(-1)).toBe(message));
  });
});
