export { type EmbeddedServer, startEmbeddedPostgres } from './embedded.ts';
export { MIGRATIONS_DIR, migrate } from './migrate.ts';
export { createDb, createPool, type Db, type Logger, poolOf } from './pool.ts';
export type * from './schema.ts';
export type * from './schema-approvals.ts';
export type * from './schema-downloads.ts';
export type * from './schema-operations.ts';
export type * from './schema-recon.ts';
export type * from './schema-rollbacks.ts';
