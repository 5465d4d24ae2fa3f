import { createContext, type ReactNode, useContext } from 'react';

/**
 * A slot in a list's selection bar for actions another area owns (the Transactions recon tabs offer "Raise ticket",
 * which the tickets feature draws). Features are islands: the list renders the slot, the app layer fills it
 * (app/selection-actions.tsx), so neither feature imports the other.
 */
export type RowsSelection = {
  /** Where the rows were chosen, as the user reads it: "Payments Gateway Recon › Unreconciled". */
  where: string;
  dataSourceId: number;
  /** The rows, each with what identifies it to a person (its reference) and a short line about it. */
  rows: readonly { id: number; reference: string; summary: string }[];
  /** After the action did something: the list refreshes and the selection clears. */
  onDone: () => void;
};

const SelectionActionsContext = createContext<((selection: RowsSelection) => ReactNode) | null>(null);

export const SelectionActionsProvider = SelectionActionsContext.Provider;

/** The actions the app layer puts in a selection bar (nothing when none are provided, as in a feature's tests). */
export function SelectionActions(props: RowsSelection) {
  const render = useContext(SelectionActionsContext);
  return render ? render(props) : null;
}
