import { PAGE_SIZE_OPTIONS } from '@recon/contract/constants';

/** A list's page (1-based) and page size, as the URL keeps them. */
export type Paging = { page: number; size: number };

/** The URL's page and size; a missing or unknown value falls back to page 1 and the brand's page size. */
export function readPaging(params: URLSearchParams, defaultPageSize: number): Paging {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const size = Number.parseInt(params.get('size') ?? '', 10);
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    size: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : defaultPageSize,
  };
}

/** Search params that start with the page and size; the caller adds its filters. */
export function writePaging({ page, size }: Paging): URLSearchParams {
  return new URLSearchParams({ page: String(page), size: String(size) });
}

/** The DataTables `start` of a page. */
export const pageStart = ({ page, size }: Paging) => (page - 1) * size;
