import type { Db } from '@recon/db';
import { sql } from 'kysely';

/** Who is calling: loaded from the database per session, cached briefly. */
export type Principal = {
  userId: number;
  userName: string;
  familyId: string;
  isActive: boolean;
  isSessionLive: boolean;
  roles: readonly string[];
  privileges: ReadonlySet<string>;
  moduleIds: ReadonlySet<number>;
};

// Short enough that a disabled user, a revoked session or a privilege change takes effect within
// seconds even across processes; in-process changes clear the cache at once.
const PRINCIPAL_CACHE_TTL_MS = 5_000;
// last_activity_at feeds the idle timeout; writing it once a minute per session is precise enough.
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

export type PrincipalStore = {
  load: (userId: number, familyId: string) => Promise<Principal | null>;
  invalidateAll: () => void;
};

export function createPrincipalStore(db: Db): PrincipalStore {
  const cache = new Map<string, { at: number; principal: Principal | null }>();
  const lastActivityWrite = new Map<string, number>();

  async function fetchPrincipal(userId: number, familyId: string): Promise<Principal | null> {
    const row = await db
      .selectFrom('app_user as u')
      .leftJoin('token_family as f', (j) => j.on('f.id', '=', familyId).onRef('f.user_id', '=', 'u.id'))
      .select([
        'u.id',
        'u.user_name',
        'u.is_active',
        sql<boolean>`f.id IS NOT NULL AND f.revoked_at IS NULL AND f.expires_at > now()`.as('is_session_live'),
        sql<
          string[]
        >`ARRAY(SELECT r.name FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY r.name)`.as(
          'roles',
        ),
        sql<
          string[]
        >`ARRAY(SELECT DISTINCT rp.code FROM user_role ur JOIN role_privilege rp ON rp.role_id = ur.role_id WHERE ur.user_id = u.id AND rp.version = 'v2')`.as(
          'privileges',
        ),
        // Only ACTIVE modules can be worked in: the same set Find=AllAssigned offers the module switcher.
        sql<
          number[]
        >`ARRAY(SELECT mu.module_id::int FROM module_user mu JOIN module m ON m.id = mu.module_id WHERE mu.user_id = u.id AND m.deleted_at IS NULL AND m.status = 'ACTIVE')`.as(
          'module_ids',
        ),
      ])
      .where('u.id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      userId: row.id,
      userName: row.user_name,
      familyId,
      isActive: row.is_active,
      isSessionLive: row.is_session_live,
      roles: row.roles,
      privileges: new Set(row.privileges),
      moduleIds: new Set(row.module_ids),
    };
  }

  function touchActivity(familyId: string): void {
    const now = Date.now();
    if (now - (lastActivityWrite.get(familyId) ?? 0) < ACTIVITY_WRITE_INTERVAL_MS) return;
    lastActivityWrite.set(familyId, now);
    void db
      .updateTable('token_family')
      .set({ last_activity_at: new Date() })
      .where('id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute()
      .catch(() => lastActivityWrite.delete(familyId));
  }

  return {
    load: async (userId, familyId) => {
      const key = `${userId}:${familyId}`;
      const hit = cache.get(key);
      const now = Date.now();
      touchActivity(familyId);
      if (hit && now - hit.at < PRINCIPAL_CACHE_TTL_MS) return hit.principal;
      const principal = await fetchPrincipal(userId, familyId);
      cache.set(key, { at: now, principal });
      if (cache.size > 10_000) cache.clear();
      return principal;
    },
    invalidateAll: () => cache.clear(),
  };
}
