import { useSearchParams } from 'react-router';
import { useBrand } from '@/lib/brand-context';
import type { Paging } from '@/lib/list-paging';

/**
 * A paged list whose filters and paging live in the URL, so a filtered page can be shared and survives a reload.
 * Applying filters goes back to page 1; a new page size does too, so the first row shown stays the first one.
 */
export function useUrlListState<S extends Paging>(
  read: (params: URLSearchParams, defaultPageSize: number) => S,
  write: (state: S) => URLSearchParams,
) {
  const brand = useBrand();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = read(searchParams, brand.defaultPageSize);
  return {
    state,
    applyFilters: (filters: Omit<S, keyof Paging>) =>
      setSearchParams(write({ ...filters, page: 1, size: state.size } as S)),
    changePage: (page: number, size: number) =>
      setSearchParams(write({ ...state, page: size === state.size ? page : 1, size })),
  };
}
