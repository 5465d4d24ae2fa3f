import type { DataElement } from '@recon/contract';
import { configure, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConditionsTable } from '@/features/rules/components/conditions-table';
import { blankCondition, type ConditionRow, type Sides } from '@/features/rules/condition-rows';
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
const SIDES: Sides = {
  a: {
    side: 'A',
    dataSourceId: 11,
    name: 'Bank Statement',
    elements: [element(1, 'amount', 'DOUBLE'), element(2, 'bank_date', 'DATE')],
  },
  b: {
    side: 'B',
    dataSourceId: 12,
    name: 'Settlement',
    elements: [element(3, 'amount', 'DOUBLE'), element(4, 'posted_date', 'DATE')],
  },
};

/** A matching condition between two columns, numbered 1. */
function row(one: string, two: string, more: Partial<ConditionRow> = {}): ConditionRow {
  const blank = blankCondition('MATCHING', SIDES);
  return {
    ...blank,
    sequence: 1,
    elementOne: { ...blank.elementOne, columnName: one },
    elementSecond: { ...blank.elementSecond, columnName: two },
    ...more,
  };
}

/** The table with its rows held in state, as the editor holds them; `seen` gets every row after each change. */
function Editable({ initial, seen }: { initial: ConditionRow; seen: ConditionRow[] }) {
  const [rows, setRows] = useState([initial]);
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

describe('the tolerance of a condition', { timeout: 180_000 }, () => {
  it('switches an amount tolerance to a percentage of element one', async () => {
    const seen: ConditionRow[] = [];
    render(<Editable initial={row('amount', 'amount', { tolerance: 0.5 })} seen={seen} />);
    const type = screen.getByRole('combobox', { name: 'Condition 1 tolerance type' });
    expect(type.closest('.ant-select')?.textContent).toBe('Amount');

    await chooseOption('Condition 1 tolerance type', '%');
    expect(seen.at(-1)).toMatchObject({ tolerance: 0.5, toleranceType: 'PERCENT' });
    const cell = type.closest('td') as HTMLElement;
    expect(within(cell).getByText('%', { selector: '.ant-input-number-suffix' })).toBeTruthy();
  });

  it('offers no percentage for dates, and shows days', () => {
    render(<Editable initial={row('bank_date', 'posted_date', { tolerance: 3 })} seen={[]} />);
    expect(screen.queryByRole('combobox', { name: 'Condition 1 tolerance type' })).toBeNull();
    expect(screen.getByText('days')).toBeTruthy();
  });

  it('reads "± 0.5 %" when read-only', () => {
    render(
      <ConditionsTable
        rows={[row('amount', 'amount', { tolerance: 0.5, toleranceType: 'PERCENT' })]}
        sides={SIDES}
        isReadOnly
        onChange={() => undefined}
        onRemove={() => undefined}
      />,
    );
    expect(screen.getByText('± 0.5 %')).toBeTruthy();
  });
});

describe('the aggregate of an element', { timeout: 180_000 }, () => {
  it('offers Minimum and Maximum for a date, and sets the latest date of the group', async () => {
    const seen: ConditionRow[] = [];
    render(<Editable initial={row('bank_date', 'posted_date', { tolerance: 1 })} seen={seen} />);
    await chooseOption('Condition 1 Element Two aggregation', 'Maximum');
    expect(seen.at(-1)?.elementSecond.aggregation).toBe('MAX');
    const options = [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].map((o) =>
      o.getAttribute('title'),
    );
    expect(options).toEqual(['Minimum', 'Maximum']);
  });

  it('offers all four for an amount', async () => {
    const seen: ConditionRow[] = [];
    render(<Editable initial={row('amount', 'amount')} seen={seen} />);
    await chooseOption('Condition 1 Element Two aggregation', 'Average');
    expect(seen.at(-1)?.elementSecond.aggregation).toBe('AVERAGE');
    const options = [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].map((o) =>
      o.getAttribute('title'),
    );
    expect(options).toEqual(['Sum', 'Average', 'Minimum', 'Maximum']);
  });
});
