import type { Database, Db } from '@recon/db';
import { Kysely, PostgresDialect } from 'kysely';
import type { PoolClient } from 'pg';

/**
 * A Db over one client that is inside an open transaction (the recon lock's): the run row, the state changes
 * and the audit record of an action commit or roll back together. The client is never released from here.
 */
export function dbOnClient(client: PoolClient): Db {
  const pool = {
    connect: async () => ({ query: client.query.bind(client), release: () => undefined }),
    end: async () => undefined,
  };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as never }) });
}
