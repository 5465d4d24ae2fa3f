import { type RuleElement, TRANSFORM_CATALOGUE, TRANSFORM_PROBLEMS, type ValueKind } from '@recon/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ElementEditor } from '@/features/rules/components/element-editor';
import { TransformTags } from '@/features/rules/components/transform-tags';
import type { Sides } from '@/features/rules/condition-rows';
import { chooseOption } from '@/features/rules/testing/select';
import '@/lib/i18n';

type Transform = RuleElement['transforms'][number];
const COLUMNS = [
  { name: 'narration', kind: 'text' as ValueKind },
  { name: 'branch', kind: 'text' as ValueKind },
  { name: 'credit', kind: 'number' as ValueKind },
  { name: 'debit', kind: 'number' as ValueKind },
];
const LABEL = 'Condition 1 Element One';

function renderTags(kind: ValueKind, transforms: Transform[] = []) {
  const onChange = vi.fn<(next: Transform[]) => void>();
  render(<TransformTags transforms={transforms} kind={kind} label={LABEL} columns={COLUMNS} onChange={onChange} />);
  return onChange;
}
/** Opens the transform list and picks one, typing its name first (the list only renders what fits). */
async function pick(transformLabel: string) {
  await userEvent.click(screen.getByRole('button', { name: `Add a transform to ${LABEL}` }));
  await userEvent.type(screen.getByRole('combobox', { name: `${LABEL} transform` }), transformLabel);
  await chooseOption(`${LABEL} transform`, transformLabel);
}
/** Types text as it is (user-event reads `[` and `{` as key names). */
async function fill(name: string, text: string) {
  await userEvent.click(screen.getByRole('textbox', { name }));
  await userEvent.paste(text);
}
const add = () => userEvent.click(screen.getByRole('button', { name: 'Add' }));

describe('adding a transform with arguments', () => {
  it('offers text transforms for text, with their inputs and help, and adds Extract with its arguments', async () => {
    const onChange = renderTags('text');
    await pick('Extract');
    expect(screen.getByText(TRANSFORM_CATALOGUE.REGEX_EXTRACT.help)).toBeTruthy();
    await fill('Pattern', 'NEFT-([A-Z0-9]+)-');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Group' }), '1');
    await add();
    expect(onChange).toHaveBeenCalledWith([
      { type: 'REGEX_EXTRACT', argument: null, args: { pattern: 'NEFT-([A-Z0-9]+)-', group: 1 } },
    ]);
  });

  it('says what is wrong with a pattern, as the server would, and adds nothing', async () => {
    const onChange = renderTags('text');
    await pick('Replace');
    await fill('Pattern', '.*?-');
    await add();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      TRANSFORM_PROBLEMS.badRegex(
        'Replace',
        'lazy repeats (*?, +?, ??) are not supported: use a class such as [^-]+ instead',
      ),
    );
    expect(onChange).not.toHaveBeenCalled();
  });

  it('names a required argument left empty', async () => {
    const onChange = renderTags('text');
    await pick('Substring');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Start' }), '5');
    await add();
    expect((await screen.findByRole('alert')).textContent).toBe(TRANSFORM_PROBLEMS.required('Substring', 'Length'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it("offers only the own side's number columns to Minus column", async () => {
    const onChange = renderTags('number');
    await pick('Minus column');
    await userEvent.click(screen.getByRole('combobox', { name: 'Column' }));
    const options = await waitFor(() => {
      const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
      const titles = [...(open?.querySelectorAll('.ant-select-item-option') ?? [])].map((o) => o.getAttribute('title'));
      if (titles.length === 0) throw new Error('no options yet');
      return titles;
    });
    expect(options).toEqual(['credit', 'debit']);
    await chooseOption('Column', 'debit');
    await add();
    expect(onChange).toHaveBeenCalledWith([{ type: 'MINUS_COLUMN', argument: null, args: { column: 'debit' } }]);
  });

  it('takes up to three date patterns and leaves out the ones not given', async () => {
    const onChange = renderTags('text');
    await pick('Parse date');
    await fill('Pattern', 'DD/MM/YY');
    await fill('Second pattern', 'DD/MM/YYYY');
    await add();
    expect(onChange).toHaveBeenCalledWith([
      { type: 'PARSE_DATE', argument: null, args: { pattern: 'DD/MM/YY', pattern2: 'DD/MM/YYYY' } },
    ]);
  });

  it('keeps the number argument of the spec transforms in `argument`', async () => {
    const onChange = renderTags('number');
    await pick('Round');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Transform number' }), '2');
    await add();
    expect(onChange).toHaveBeenCalledWith([{ type: 'ROUND', argument: 2 }]);
  });

  it('does not offer number transforms for text', async () => {
    renderTags('text');
    await userEvent.click(screen.getByRole('button', { name: `Add a transform to ${LABEL}` }));
    const list = screen.getByRole('combobox', { name: `${LABEL} transform` });
    await userEvent.type(list, 'column');
    await waitFor(() => expect(document.querySelector('.ant-select-item-empty')).toBeTruthy());
    await userEvent.clear(list);
    await userEvent.type(list, 'Digits');
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="Digits only"]')).toBeTruthy());
  });
});

describe('a saved element', () => {
  it('reads its transforms with their arguments', () => {
    const sides: Sides = {
      a: {
        side: 'A',
        dataSourceId: 11,
        name: 'Bank Statement',
        elements: [{ id: 1, name: 'narration', inputType: 'text', type: 'VARCHAR', active: true, sequence: 1 }],
      },
      b: null,
    };
    render(
      <ElementEditor
        element={{
          valueType: 'COLUMN',
          dataSourceId: 11,
          columnName: 'narration',
          transforms: [
            { type: 'REGEX_EXTRACT', argument: null, args: { pattern: 'NEFT-([A-Z0-9]+)-', group: 1 } },
            { type: 'PAD_LEFT', argument: null, args: { length: 22 } },
          ],
          aggregation: null,
        }}
        sides={sides}
        label={LABEL}
        canAggregate={false}
        isReadOnly
        onChange={() => {}}
      />,
    );
    expect(screen.getByText('Extract (pattern: NEFT-([A-Z0-9]+)-, group: 1)')).toBeTruthy();
    expect(screen.getByText('Pad left (length: 22)')).toBeTruthy();
  });
});
