import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CellText } from '@/ui/cell-text';

const NARRATION = 'NEFT CR-4007740012 HDFC BANK LTD SETTLEMENT FOR MERCHANT 88213 BATCH 2026-10-28';

describe('a cut cell text', () => {
  it('shows the whole of a long text in a tooltip on hover', async () => {
    render(<CellText text={NARRATION} width={180} />);
    await userEvent.hover(screen.getByText(NARRATION));
    expect((await screen.findByRole('tooltip', {}, { timeout: 5000 })).textContent).toBe(NARRATION);
  });

  it('leaves a text that fits the column plain', async () => {
    render(<CellText text="BNK0002245" width={180} />);
    await userEvent.hover(screen.getByText('BNK0002245'));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
