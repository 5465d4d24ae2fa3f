import type { HTMLAttributes, KeyboardEvent } from 'react';
import { useState } from 'react';

type Options<T> = {
  /** The rows shown: a focused row no longer among them gives the tab stop back to the first. */
  rows: readonly T[];
  /** The row's key, as the table's `rowKey` gives it (`data-row-key`). */
  keyOf: (row: T) => number | string;
  /** Enter (and Space without a selection): what a click on the row does. */
  onOpen?: (row: T) => void;
  /** Space: tick or untick the row, as its checkbox does. */
  onToggle?: (row: T) => void;
  isSelected?: (row: T) => boolean;
};

/** The table row beside a row, skipping rows that are not data rows (expanded rows, placeholders). */
function besideRow(from: HTMLElement, step: 1 | -1): HTMLElement | null {
  let next = step === 1 ? from.nextElementSibling : from.previousElementSibling;
  while (next && !(next instanceof HTMLElement && next.dataset.rowKey !== undefined)) {
    next = step === 1 ? next.nextElementSibling : next.previousElementSibling;
  }
  return next as HTMLElement | null;
}

/**
 * Arrow-key rows for an Ant Design table (`onRow`): one row at a time is in the tab order (the first until
 * another gets focus); Up and Down move the focus (and its ring) between rows, Enter opens the row, Space ticks
 * it (or opens it when the table has no selection). A ticked row says so to assistive technology (aria-selected).
 */
export function useKeyboardRows<T>(o: Options<T>) {
  const [focused, setFocused] = useState<string>();
  const isShown = focused !== undefined && o.rows.some((r) => String(o.keyOf(r)) === focused);
  return (row: T, index: number | undefined): HTMLAttributes<HTMLElement> => {
    const key = String(o.keyOf(row));
    const isTabStop = isShown ? focused === key : index === 0;
    return {
      tabIndex: isTabStop ? 0 : -1,
      'aria-selected': o.isSelected ? o.isSelected(row) : undefined,
      onFocus: (e) => {
        if (e.target === e.currentTarget) setFocused(key);
      },
      onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
        // Keys typed in a cell's own control (a checkbox, a button) are that control's.
        if (e.target !== e.currentTarget) return;
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          const next = besideRow(e.currentTarget, e.key === 'ArrowDown' ? 1 : -1);
          e.preventDefault();
          next?.focus();
        } else if (e.key === 'Enter') {
          e.preventDefault();
          o.onOpen?.(row);
        } else if (e.key === ' ') {
          e.preventDefault();
          if (o.onToggle) o.onToggle(row);
          else o.onOpen?.(row);
        }
      },
    };
  };
}
