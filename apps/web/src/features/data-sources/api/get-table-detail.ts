import { useQuery } from '@tanstack/react-query';
import { dataTableQuery } from '@/lib/reads/data-tables';

/** The chosen table's history and invalid companions. */
export function useTableDetail(moduleId: number, id: number | undefined) {
  return useQuery({ ...dataTableQuery(moduleId, id ?? 0), enabled: id !== undefined });
}
