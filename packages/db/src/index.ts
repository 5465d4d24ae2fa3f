export {
  APP_OWNED_SCHEMAS,
  APP_ROLE,
  ensureAppRole,
  grantAppRole,
  MAINTENANCE_ROLE,
  roleOf,
  withCredentials,
} from './app-role.ts';
export { type AuditChainBreak, type AuditChainReport, sealAuditLog, verifyAuditChain } from './audit-chain.ts';
export { type EmbeddedServer, PortTakenError, startEmbeddedPostgres } from './embedded.ts';
export { appPasswordFile, readOrCreateSecret, readSecret, superuserPasswordFile } from './embedded-password.ts';
export { MIGRATIONS_DIR, migrate } from './migrate.ts';
export { closeDb, createDb, createPool, type Db, type Logger, poolOf } from './pool.ts';
export type * from './schema.ts';
export type * from './schema-approvals.ts';
export type * from './schema-brs.ts';
export type * from './schema-dashboards.ts';
export type * from './schema-downloads.ts';
export type * from './schema-gl.ts';
export type * from './schema-integrations.ts';
export type * from './schema-notifications.ts';
export type * from './schema-operations.ts';
export type * from './schema-recon.ts';
export type * from './schema-reports.ts';
export type * from './schema-rollbacks.ts';
export type * from './schema-ticket-email.ts';
export type * from './schema-tickets.ts';
export { LOCKS, type Lock, type Sql, sqlOf, type Tx, withTransaction } from './transaction.ts';
