import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WholeNumberInput } from '@/features/jobs/components/whole-number-input';
import { stepOf } from '@/features/jobs/job-editor-page';

describe('whole number input', () => {
  it('refuses e, E, +, - and . and lets digits through', () => {
    render(<WholeNumberInput aria-label="Retries" value={2} onChange={() => undefined} />);
    const input = screen.getByRole('spinbutton', { name: 'Retries' });
    for (const key of ['e', 'E', '+', '-', '.']) {
      const event = createEvent.keyDown(input, { key });
      fireEvent(input, event);
      expect(event.defaultPrevented).toBe(true);
    }
    const digit = createEvent.keyDown(input, { key: '5' });
    fireEvent(input, digit);
    expect(digit.defaultPrevented).toBe(false);
  });

  it('ignores the mouse wheel', () => {
    const changes: (number | null)[] = [];
    render(<WholeNumberInput aria-label="Retries" value={2} onChange={(v) => changes.push(v)} />);
    const input = screen.getByRole('spinbutton', { name: 'Retries' });
    input.focus();
    fireEvent.wheel(input, { deltaY: -100 });
    expect(changes).toEqual([]);
    expect(document.activeElement).not.toBe(input);
  });
});

describe('editor step', () => {
  it('reads the step of the URL as a number, 0 when missing or unreadable', () => {
    expect(stepOf(undefined)).toBe(0);
    expect(stepOf('1')).toBe(1);
    expect(stepOf('x')).toBe(0);
    expect(stepOf('-1')).toBe(0);
  });
});
