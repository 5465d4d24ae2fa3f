import { type PagedAnswer, readPagingParams } from '@recon/contract';
import { type RawBuilder, type SqlBool, sql } from 'kysely';

/** Column key a client may send (`columns[i][data]`) → the SQL it searches and sorts by. Nothing else is accepted. */
export type ListColumnMap = Readonly<Record<string, RawBuilder<unknown>>>;

const likeContains = (value: string) => `%${value.replace(/[\\%_]/g, '\\$&')}%`;

/** Case-insensitive "contains" on any expression (::text so numbers and dates can be searched too). */
export function containsFilter(expression: RawBuilder<unknown>, value: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${expression})::text ILIKE ${likeContains(value)}`;
}

/**
 * WHERE and ORDER BY of a paged list: `columns[i][search][value]` filters (contains, AND-ed),
 * `search[value]` over the given global columns (OR-ed), `order[i]` on allowed columns, then a stable
 * tie-breaker so pages never overlap.
 */
export function pagingSql(
  query: Record<string, unknown>,
  columns: ListColumnMap,
  options: { tieBreaker: RawBuilder<unknown>; globalSearch?: readonly string[]; filters?: RawBuilder<SqlBool>[] },
): { where: RawBuilder<SqlBool>; orderBy: RawBuilder<unknown> } {
  const params = readPagingParams(query);
  const filters: RawBuilder<SqlBool>[] = [...(options.filters ?? [])];
  for (const c of params.columns) {
    const value = c.search.value.trim();
    const expression = Object.hasOwn(columns, c.data) ? columns[c.data] : undefined;
    if (value && c.searchable && expression) filters.push(containsFilter(expression, value));
  }
  const rawGlobal = query['search[value]'];
  const global = (Array.isArray(rawGlobal) ? rawGlobal[0] : rawGlobal)?.toString().trim();
  const globalColumns = (options.globalSearch ?? []).flatMap((k) => (Object.hasOwn(columns, k) ? [columns[k]] : []));
  if (global && globalColumns.length > 0) {
    const any = globalColumns.flatMap((e) => (e ? [containsFilter(e, global)] : []));
    filters.push(sql<SqlBool>`(${sql.join(any, sql` OR `)})`);
  }
  const sorts = params.order.flatMap((o) => {
    const key = params.columns[o.column]?.data;
    const expression = key !== undefined && Object.hasOwn(columns, key) ? columns[key] : undefined;
    return expression ? [sql`${expression} ${sql.raw(o.dir === 'desc' ? 'DESC' : 'ASC')}`] : [];
  });
  return {
    where: filters.length > 0 ? sql<SqlBool>`${sql.join(filters, sql` AND `)}` : sql<SqlBool>`true`,
    orderBy: sql.join([...sorts, options.tieBreaker], sql`, `),
  };
}

/**
 * One page of a list as its queries found it. `total` counts the list's own scope (module, tab, owner…) and
 * `filtered` what is left after the caller's search and filters; each list says which scope it counts, and a list
 * without a search answers `filtered: total`.
 */
export type ListPage<T> = { total: number; filtered: number; rows: T[] };

/** The paged answer of one page: `draw` comes back as sent, so the client can drop an answer it no longer waits for. */
export function pagedList<T>(request: { draw: number }, page: ListPage<T>): PagedAnswer<T> {
  return { draw: request.draw, recordsTotal: page.total, recordsFiltered: page.filtered, data: page.rows };
}
