import {
  APP_ROLE,
  appPasswordFile,
  createPool,
  ensureAppRole,
  grantAppRole,
  migrate,
  readOrCreateSecret,
  roleOf,
  withCredentials,
} from '@recon/db';
import { installQueueSchema } from '@/jobs/queue.ts';

export type DatabaseTarget =
  /** The embedded cluster: its superuser owns the schema; the app role `recon_app` is made, its password kept. */
  | { kind: 'embedded'; ownerUrl: string; clusterDir: string }
  /** DATABASE_URL (the app's role) with DATABASE_OWNER_URL, or alone (then that role migrates and owns, as before). */
  | { kind: 'external'; appUrl: string; ownerUrl: string | undefined };

/**
 * Readies the database before the server opens its pool (decision 0014): the owner runs the migrations, installs
 * pg-boss's schema and grants the app role what the server needs. Answers the URL the server connects with — the app
 * role's — and the migrations applied.
 */
export async function prepareDatabase(target: DatabaseTarget): Promise<{ url: string; applied: string[] }> {
  const ownerUrl = target.ownerUrl ?? (target.kind === 'external' ? target.appUrl : undefined);
  if (!ownerUrl) throw new Error('no database to prepare');
  const owner = createPool(ownerUrl, { max: 1 });
  try {
    const applied = await migrate(owner);
    if (target.kind === 'embedded') {
      await installQueueSchema(owner);
      const password = await readOrCreateSecret(appPasswordFile(target.clusterDir));
      await ensureAppRole(owner, APP_ROLE, password);
      return { url: withCredentials(ownerUrl, APP_ROLE, password), applied };
    }
    if (target.ownerUrl) {
      await installQueueSchema(owner);
      await grantAppRole(owner, roleOf(target.appUrl));
    }
    return { url: target.appUrl, applied };
  } finally {
    await owner.end();
  }
}
