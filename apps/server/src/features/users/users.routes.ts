import { userEndpoints as E, type EndpointInput, readPagingParams } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { FeatureContext } from '@/deps.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { pagedList } from '@/lib/paging-sql.ts';
import { setUserActivation } from './user-activation.ts';

// Column → SQL it searches and sorts by. Only these columns are accepted from the client.
const COLUMNS = {
  id: sql`u.id`,
  userName: sql`u.user_name`,
  name: sql`(u.first_name || ' ' || u.last_name)`,
  email: sql`coalesce(u.email, '')`,
  isActive: sql`u.is_active::text`,
  module: sql`coalesce((SELECT string_agg(m.name, ', ') FROM module_user mu JOIN module m ON m.id = mu.module_id WHERE mu.user_id = u.id AND m.deleted_at IS NULL), '')`,
} as const;
type ColumnKey = keyof typeof COLUMNS;
const isColumn = (c: string): c is ColumnKey => c in COLUMNS;

/** GET v2/appusers: a DataTables page of users, searched and sorted by the known columns only. */
async function listAppUsers(ctx: FeatureContext, { query }: EndpointInput<typeof E.list>) {
  const { columns, order } = readPagingParams(query);
  const filters: Expression<SqlBool>[] = [];
  for (const c of columns) {
    const v = c.search.value.trim();
    if (!v || !isColumn(c.data) || !c.searchable) continue;
    if (c.data === 'isActive') filters.push(sql<SqlBool>`u.is_active = ${v.toLowerCase() === 'true'}`);
    // ::text so the numeric id column can be searched too (ILIKE on bigint is a SQL error).
    else filters.push(sql<SqlBool>`(${COLUMNS[c.data]})::text ILIKE ${`%${v.replace(/[\\%_]/g, '\\$&')}%`}`);
  }
  const where = filters.length ? sql.join(filters, sql` AND `) : sql`true`;
  const sorts = order
    .map((o) => columns[o.column]?.data)
    .map((d, i) => (d && isColumn(d) ? sql`${COLUMNS[d]} ${sql.raw(order[i]?.dir === 'desc' ? 'DESC' : 'ASC')}` : null))
    .filter((s) => s !== null);
  const orderBy = sql.join([...sorts, sql`u.id ASC`], sql`, `);
  const { start, length } = query;
  const [rows, totals] = await Promise.all([
    sql<{
      id: number;
      user_name: string;
      first_name: string;
      last_name: string;
      email: string | null;
      is_active: boolean;
      modules: string[];
      roles: string[];
    }>`
    SELECT u.id, u.user_name, u.first_name, u.last_name, u.email, u.is_active,
           ARRAY(SELECT m.name FROM module_user mu JOIN module m ON m.id = mu.module_id WHERE mu.user_id = u.id AND m.deleted_at IS NULL ORDER BY m.name) AS modules,
           ARRAY(SELECT r.name FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY r.name) AS roles
    FROM app_user u WHERE ${where} ORDER BY ${orderBy} OFFSET ${start} LIMIT ${length}`.execute(ctx.db),
    sql<{ total: number; filtered: number }>`
    SELECT (SELECT count(*)::int FROM app_user) AS total, (SELECT count(*)::int FROM app_user u WHERE ${where}) AS filtered`.execute(
      ctx.db,
    ),
  ]);
  const t = totals.rows[0] ?? { total: 0, filtered: 0 };
  return pagedList(query, {
    total: t.total,
    filtered: t.filtered,
    rows: rows.rows.map((r) => ({
      id: r.id,
      userName: r.user_name,
      name: `${r.first_name} ${r.last_name}`.trim(),
      email: r.email,
      isActive: r.is_active,
      module: r.modules,
      rolesName: r.roles,
    })),
  });
}

/** App users, DataTables-paged (user picker of the module form), and their activation (the admin's unlock). */
export function userRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.list, (input) => listAppUsers(ctx, input)),
      route(E.activation, (input, req) => setUserActivation(ctx, input, req)),
    ]);
}
