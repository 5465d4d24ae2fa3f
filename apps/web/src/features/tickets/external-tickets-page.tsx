import { TicketsPage } from '@/features/tickets/tickets-page';

/** My Jobs › Tickets › External. */
export default function ExternalTicketsPage() {
  return <TicketsPage origin="EXTERNAL" />;
}
