import { formatDate } from '@/lib/format';

/**
 * A label of a dashlet's figures as shown: a day as on every other screen (DD-MM-YYYY, decision 0018); age buckets,
 * names and the rest as they are. Read by the table, the number view and the charts alike.
 */
export function labelText(value: string | number | undefined): string {
  const text = String(value ?? '');
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? formatDate(text) : text;
}
