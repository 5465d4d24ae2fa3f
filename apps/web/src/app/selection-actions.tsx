import { lazy, type ReactNode, Suspense } from 'react';
import { withTexts } from '@/lib/area-texts';
import { type RowsSelection, SelectionActionsProvider } from '@/lib/selection-actions';

// "Raise ticket" on selected recon rows (issue 14, decision 0029): the tickets feature's button and form, loaded with
// My Jobs' texts the first time a selection bar shows it.
const RaiseTicket = lazy(
  withTexts('myJobs', () =>
    import('@/features/tickets/components/raise-ticket').then((m) => ({ default: m.RaiseTicket })),
  ),
);

const render = (selection: RowsSelection) => (
  <Suspense fallback={null}>
    <RaiseTicket {...selection} />
  </Suspense>
);

/** Fills the selection bars' slot (lib/selection-actions) with the actions other areas own. */
export function SelectionActionsHost({ children }: { children?: ReactNode }) {
  return <SelectionActionsProvider value={render}>{children}</SelectionActionsProvider>;
}
