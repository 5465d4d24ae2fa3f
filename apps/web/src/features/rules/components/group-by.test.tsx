import type { DataElement } from '@recon/contract';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConditionsTable } from '@/features/rules/components/conditions-table';
import { blankCondition, type ConditionRow, type Sides, switchType, withRow } from '@/features/rules/condition-rows';
import { chooseOption } from '@/features/rules/testing/select';

// Ant Design renders a table of selects slowly on a loaded machine.
configure({ asyncUtilTimeout: 15_000 });

const element = (id: number, name: string, type: DataElement['type']): DataElement => ({
  id,
  name,
  inputType: 'text',
  type,
  active: true,
  sequence: id,
});
// Side A: the bank (no settlement id); side B: settlement components.
const SIDES: Sides = {
  a: { side: 'A', dataSourceId: 11, name: 'Bank', elements: [element(1, 'credit', 'DOUBLE')] },
  b: {
    side: 'B',
    dataSourceId: 12,
    name: 'Settlement components',
    elements: [element(2, 'amount', 'DOUBLE'), element(3, 'settlement_id', 'VARCHAR')],
  },
};

/** Σ B.amount = A.credit: side B is the side that adds up. */
function sumRow(): ConditionRow {
  const blank = blankCondition('MATCHING', SIDES);
  return {
    ...blank,
    elementOne: { ...blank.elementOne, columnName: 'credit' },
    elementSecond: { ...blank.elementSecond, columnName: 'amount', aggregation: 'SUM' },
  };
}

function Editable({ initial, seen }: { initial: ConditionRow[]; seen: ConditionRow[] }) {
  const [rows, setRows] = useState(initial);
  return (
    <ConditionsTable
      rows={rows}
      sides={SIDES}
      ruleType="RECONCILED"
      onChange={(key, next) => {
        seen.push(next);
        setRows((rs) => rs.map((r) => (r.key === key ? next : r)));
      }}
      onRemove={() => undefined}
    />
  );
}

describe('a Group by condition', { timeout: 180_000 }, () => {
  it('starts on the side that adds up, after the matching conditions, with nothing to compare', () => {
    const rows = withRow([sumRow()], blankCondition('GROUP_BY', SIDES, 'RECONCILED', [sumRow()]));
    expect(rows.map((r) => [r.sequence, r.ruleConditionType])).toEqual([
      [1, 'MATCHING'],
      [2, 'GROUP_BY'],
    ]);
    expect(rows[1]).toMatchObject({
      elementOne: { valueType: 'COLUMN', dataSourceId: 12, columnName: null, aggregation: null },
      elementSecond: { valueType: 'CONSTANT' },
      operator: 'EQUAL',
      tolerance: null,
    });
  });

  it('is chosen as a condition type, takes a column, and reads "Group B by settlement_id"', async () => {
    const seen: ConditionRow[] = [];
    const rows = withRow([sumRow()], blankCondition('MATCHING', SIDES));
    render(<Editable initial={rows} seen={seen} />);
    await chooseOption('Condition 2 type', 'Group by');
    expect(seen.at(-1)).toMatchObject({ ruleConditionType: 'GROUP_BY', elementSecond: { valueType: 'CONSTANT' } });
    // Element two had side B; a Group by keeps element one's column and offers no aggregate, operator or tolerance.
    expect(screen.queryByRole('combobox', { name: 'Condition 2 Element One aggregation' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Condition 2 Operator' })).toBeNull();
    expect(screen.queryByRole('spinbutton', { name: 'Condition 2 Tolerance' })).toBeNull();

    const source = screen.getByRole('radiogroup', { name: 'Condition 2 Element One Data source' });
    await userEvent.click(within(source).getByText('B'));
    await chooseOption('Condition 2 Element One Column', 'settlement_id');
    expect(seen.at(-1)?.elementOne).toMatchObject({ dataSourceId: 12, columnName: 'settlement_id' });
    expect(await screen.findByText('Group B by settlement_id')).toBeTruthy();
  });

  it('shows its type and sentence in a saved rule', () => {
    const groupBy = switchType(sumRow(), 'GROUP_BY', SIDES, 'RECONCILED', [sumRow()]);
    const row = {
      ...groupBy,
      sequence: 2,
      elementOne: { ...groupBy.elementOne, dataSourceId: 12, columnName: 'settlement_id' },
    };
    render(
      <ConditionsTable
        rows={[{ ...sumRow(), sequence: 1 }, row]}
        sides={SIDES}
        isReadOnly
        onChange={() => undefined}
        onRemove={() => undefined}
      />,
    );
    expect(screen.getByText('Group by')).toBeTruthy();
    expect(screen.getByText('Group B by settlement_id')).toBeTruthy();
  });
});
