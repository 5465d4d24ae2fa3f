import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureToasts } from '@/testing/notifications';
import { AppSelect, matchesOptionText, refusedFreeText } from '@/ui/app-select';

let capture: ReturnType<typeof captureToasts>;
beforeEach(() => {
  capture = captureToasts();
});
afterEach(() => capture.release());

const OPTIONS = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
];

describe('select defaults', () => {
  it('shows Please Choose Value when nothing is chosen', () => {
    render(<AppSelect<string> options={OPTIONS} aria-label="Status" />);
    expect(screen.getByText('Please Choose Value')).toBeTruthy();
  });

  it('filters options by case-insensitive text and says No Values Found when none match', async () => {
    render(<AppSelect<string> options={OPTIONS} aria-label="Status" />);
    const input = screen.getByRole('combobox', { name: 'Status' });

    await userEvent.type(input, 'INACT');
    expect(await screen.findByText('Inactive', { selector: '.ant-select-item-option-content' })).toBeTruthy();
    expect(screen.queryByText('Active', { selector: '.ant-select-item-option-content' })).toBeNull();

    await userEvent.clear(input);
    await userEvent.type(input, 'zzz');
    expect(await screen.findByText('No Values Found')).toBeTruthy();
  });

  it('matches on labels regardless of case', () => {
    expect(matchesOptionText('act', { value: 1, label: 'ACTIVE' })).toBe(true);
    expect(matchesOptionText('x', { value: 1, label: 'ACTIVE' })).toBe(false);
  });

  it('opens a list at most 180 px high', async () => {
    render(<AppSelect<string> options={OPTIONS} aria-label="Status" />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    const option = await screen.findByText('Inactive', { selector: '.ant-select-item-option-content' });
    const list = option.closest('.ant-select-dropdown-list-holder') as HTMLElement;
    expect(list.style.maxHeight).toBe('180px');
  });
});

describe('free text in a tags select', () => {
  it('leaves out a refused entry and shows its message as an error toast', () => {
    const onChange = vi.fn();
    const validate = (text: string) => (/^\d+$/.test(text) ? undefined : 'Only digits are allowed');
    render(
      <AppSelect<string[]> mode="tags" options={[]} onChange={onChange} validateFreeText={validate} aria-label="Ids" />,
    );
    const input = screen.getByRole('combobox', { name: 'Ids' });

    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });

    expect(onChange).toHaveBeenLastCalledWith([], expect.anything());
    expect(capture.toasts.map((t) => t.title)).toEqual(['Only digits are allowed']);
  });

  it('keeps known options and valid free text', () => {
    const validate = (text: string) => (text === 'bad' ? 'Bad value' : undefined);
    expect(refusedFreeText(['ACTIVE', 'new', 'bad'], OPTIONS, validate)).toEqual({
      kept: ['ACTIVE', 'new'],
      messages: ['Bad value'],
    });
  });
});
