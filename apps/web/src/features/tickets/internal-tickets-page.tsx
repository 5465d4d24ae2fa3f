import { TicketsPage } from '@/features/tickets/tickets-page';

/** My Jobs › Tickets › Internal. */
export default function InternalTicketsPage() {
  return <TicketsPage origin="INTERNAL" />;
}
