import { z } from 'zod';

/**
 * The paging protocol of the spec's lists (DataTables server-side paging; called "paged" in code so that
 * "data table" names only the admin's tables), flattened the way query strings carry it:
 * `start`, `length`, `draw`, `columns[i][data]`, `columns[i][search][value]`, `order[i][column]`, `order[i][dir]`.
 */
export const pagedQuerySchema = z
  .object({
    start: z.coerce.number().int().min(0).default(0),
    length: z.coerce.number().int().min(1).max(2000).default(10),
    draw: z.coerce.number().int().min(0).default(0),
  })
  .catchall(z.string().or(z.array(z.string())));
export type PagedQuery = z.infer<typeof pagedQuerySchema>;

export type PagedColumn = {
  data: string;
  searchable: boolean;
  search: { value: string; type?: string; dataType?: string };
};
export type PagedOrder = { column: number; dir: 'asc' | 'desc' };

/** Reads the `columns[i][...]` and `order[i][...]` keys of a flat query into structured lists. */
export function readPagingParams(query: Record<string, unknown>): {
  columns: PagedColumn[];
  order: PagedOrder[];
} {
  const columns: PagedColumn[] = [];
  const order: PagedOrder[] = [];
  for (const [key, raw] of Object.entries(query)) {
    const value = Array.isArray(raw) ? String(raw[0] ?? '') : String(raw ?? '');
    const col =
      /^columns\[(\d+)\]\[(data|searchable)\]$/.exec(key) ??
      /^columns\[(\d+)\]\[search\]\[(value|type|dataType)\]$/.exec(key);
    if (col) {
      const i = Number(col[1]);
      columns[i] ??= { data: '', searchable: true, search: { value: '' } };
      const c = columns[i];
      if (key.includes('[search]')) (c.search as Record<string, string>)[col[2] as string] = value;
      else if (col[2] === 'data') c.data = value;
      else c.searchable = value !== 'false';
      continue;
    }
    const ord = /^order\[(\d+)\]\[(column|dir)\]$/.exec(key);
    if (ord) {
      const i = Number(ord[1]);
      order[i] ??= { column: 0, dir: 'asc' };
      const o = order[i];
      if (ord[2] === 'column') o.column = Number(value) || 0;
      else o.dir = value.toLowerCase() === 'desc' ? 'desc' : 'asc';
    }
  }
  return { columns: columns.filter(Boolean), order: order.filter(Boolean) };
}

export function pagedAnswerSchema<T extends z.ZodTypeAny>(row: T) {
  return z.object({
    draw: z.number().int(),
    recordsTotal: z.number().int(),
    recordsFiltered: z.number().int(),
    data: z.array(row),
  });
}
export type PagedAnswer<T> = { draw: number; recordsTotal: number; recordsFiltered: number; data: T[] };

/** Builds the flat query a paged list call sends. */
export function toPagedQuery(p: {
  start: number;
  length: number;
  draw?: number;
  columns?: { data: string; searchValue?: string }[];
  order?: { column: number; dir: 'asc' | 'desc' }[];
}): Record<string, string | number> {
  const q: Record<string, string | number> = { start: p.start, length: p.length, draw: p.draw ?? 0 };
  (p.columns ?? []).forEach((c, i) => {
    q[`columns[${i}][data]`] = c.data;
    q[`columns[${i}][searchable]`] = 'true';
    q[`columns[${i}][search][value]`] = c.searchValue ?? '';
  });
  (p.order ?? []).forEach((o, i) => {
    q[`order[${i}][column]`] = o.column;
    q[`order[${i}][dir]`] = o.dir;
  });
  return q;
}
