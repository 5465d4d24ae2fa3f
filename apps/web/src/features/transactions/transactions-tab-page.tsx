import { TRANSACTION_TABS, type TransactionTab } from '@recon/contract/nav';
import { useLocation } from 'react-router';
import { TransactionsTabView } from '@/features/transactions/components/transactions-tab-view';
import { NotFound } from '@/ui/not-found';

/** Transactions › Recon › All, Reconciled, Unreconciled, Reversal, Knock off, Duplicate match: one page, six paths. */
export default function TransactionsTabPage() {
  const { pathname } = useLocation();
  const tab = TRANSACTION_TABS.find((t) => pathname.replace(/\/+$/, '').endsWith(`/recon/${t}`));
  if (!tab) return <NotFound />;
  // A tab has its own state: moving to another tab starts that tab from its own memory.
  return <TransactionsTabView key={tab} tab={tab as TransactionTab} />;
}
