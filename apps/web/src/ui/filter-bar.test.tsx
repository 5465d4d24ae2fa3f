import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DatedFilterBar, FilterBar, FilterField } from '@/ui/filter-bar';

type Values = { name?: string; code?: string };

/** A filter bar whose "URL" is local state, with a button standing in for back / forward. */
function Harness({ onApply }: { onApply: (v: Values) => void }) {
  const [values, setValues] = useState<Values>({ name: 'first' });
  return (
    <>
      <button type="button" onClick={() => setValues({ name: 'from the url', code: undefined })}>
        navigate
      </button>
      <FilterBar<Values> values={values} onApply={onApply} onReset={() => onApply({})}>
        <FilterField name="name" label="Name" minWidth={100}>
          <Input />
        </FilterField>
        <FilterField name="code" label="Code" minWidth={100}>
          <Input />
        </FilterField>
      </FilterBar>
    </>
  );
}

describe('filter bar', () => {
  it('applies trimmed text and turns blank text into "any"', async () => {
    const applied: Values[] = [];
    render(<Harness onApply={(v) => applied.push(v)} />);
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), '  bank  ');
    await userEvent.type(screen.getByLabelText('Code'), '   ');
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(applied).toEqual([{ name: 'bank', code: undefined }]));
  });

  it('refills the form when the URL values change, and clears it on Reset', async () => {
    const applied: Values[] = [];
    render(<Harness onApply={(v) => applied.push(v)} />);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('first');
    await userEvent.click(screen.getByRole('button', { name: 'navigate' }));
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('from the url'));
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect(applied).toEqual([{}]);
  });

  it('applies the day range as YYYY-MM-DD with the other fields', async () => {
    const applied: unknown[] = [];
    render(
      <DatedFilterBar<Values>
        values={{ name: 'x' }}
        range={{ from: '2026-11-01', to: '2026-11-15' }}
        rangeLabel="Between"
        rangeRequiredMessage="Choose the days"
        onApply={(v) => applied.push(v)}
        onReset={() => undefined}
      >
        <FilterField name="name" label="Name" minWidth={100}>
          <Input />
        </FilterField>
      </DatedFilterBar>,
    );
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(applied).toEqual([{ name: 'x', from: '2026-11-01', to: '2026-11-15' }]));
  });
});
