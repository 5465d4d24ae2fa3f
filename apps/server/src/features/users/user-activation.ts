import type { EndpointInput, userEndpoints } from '@recon/contract';
import { withTransaction } from '@recon/db';
import type { FastifyRequest } from 'fastify';
import type { FeatureContext } from '@/deps.ts';
import { actorOf, auditBy } from '@/lib/actor.ts';
import { notFound, validation } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import { assertInReach } from './user-admin.ts';
import { deleteSignInLocks, revokeUserSessions, setUserActive, userDetail } from './users.queries.ts';

/**
 * PUT v2/appusers?Update=UserActivationManagement: enables or disables a user. Disabling ends their sessions at
 * once; enabling lifts every sign-in lock and count of their name, from every address: the admin's unlock of a
 * locked account (issue 11). The change and its audit record commit together.
 */
export async function setUserActivation(
  ctx: FeatureContext,
  { body }: EndpointInput<typeof userEndpoints.activation>,
  req: FastifyRequest,
) {
  const actor = actorOf(req);
  if (body.id === actor.principal.userId && !body.isActive) {
    throw validation('You cannot disable your own account', 'isActive');
  }
  const answer = await withTransaction(ctx.db, {}, async (tx) => {
    const target = await userDetail(tx.db, body.id, ctx.now());
    if (!target) throw notFound('User');
    assertInReach(actor, target.module_ids);
    const user = await setUserActive(tx.db, body.id, body.isActive, ctx.now());
    if (!user) throw notFound('User');
    let locksLifted = 0;
    if (body.isActive) locksLifted = await deleteSignInLocks(tx.db, user.user_name);
    else await revokeUserSessions(tx.db, user.id, ctx.now(), 'USER_DISABLED');
    await writeAudit(tx.db, {
      event: body.isActive ? 'USER_ENABLED' : 'USER_DISABLED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      entityType: 'USER',
      entityId: user.id,
      details: { userName: user.user_name, locksLifted },
    });
    return { id: user.id, userName: user.user_name, isActive: user.is_active, locksLifted };
  });
  // The cached principals answer for a few seconds: a disabled user is refused from the next call on.
  ctx.principals.invalidateAll();
  return answer;
}
