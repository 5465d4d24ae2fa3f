import {
  BELL_LATEST,
  notificationEndpoints as E,
  type EndpointInput,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_TEXTS,
  type Notification,
  type NotificationPreference,
} from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { auditChange, moduleActorOf } from '@/lib/module-actor.ts';
import * as q from './notifications.queries.ts';

const ownerOf = (req: FastifyRequest) => {
  const { userId, moduleId } = moduleActorOf(req);
  return { userId, moduleId };
};

const toNotification = (r: q.NotificationRecord): Notification => ({
  id: r.id,
  kind: r.kind,
  kindLabel: NOTIFICATION_KIND_LABELS[r.kind],
  title: r.title,
  link: r.link,
  readAt: r.read_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
});

/** Every kind with the owner's choice; a kind never chosen is in the app and not by mail. */
async function preferences(db: Db, owner: { userId: number; moduleId: number }): Promise<NotificationPreference[]> {
  const chosen = new Map((await q.preferencesOf(db, owner)).map((p) => [p.kind, p]));
  return NOTIFICATION_KINDS.map((kind) => ({
    kind,
    kindLabel: NOTIFICATION_KIND_LABELS[kind],
    inApp: chosen.get(kind)?.in_app ?? true,
    email: chosen.get(kind)?.by_email ?? false,
  }));
}

async function list(ctx: FeatureContext, { query }: EndpointInput<typeof E.list>, req: FastifyRequest) {
  const owner = ownerOf(req);
  const page = await q.listOwn(ctx.db, owner, query);
  return {
    data: page.rows.map(toNotification),
    recordsTotal: page.total,
    unreadCount: await q.unreadCount(ctx.db, owner),
  };
}

async function bell(ctx: FeatureContext, req: FastifyRequest) {
  const owner = ownerOf(req);
  const page = await q.listOwn(ctx.db, owner, { start: 0, length: BELL_LATEST, unreadOnly: false });
  return { unreadCount: await q.unreadCount(ctx.db, owner), latest: page.rows.map(toNotification) };
}

async function markRead(ctx: FeatureContext, { params }: EndpointInput<typeof E.markRead>, req: FastifyRequest) {
  const row = await q.markRead(ctx.db, ownerOf(req), params.id, ctx.now());
  if (!row) throw new AppError('NOT_FOUND', NOTIFICATION_TEXTS.notFound);
  return toNotification(row);
}

async function updatePreferences(
  ctx: FeatureContext,
  { body }: EndpointInput<typeof E.updatePreferences>,
  req: FastifyRequest,
) {
  const actor = moduleActorOf(req);
  const owner = { userId: actor.userId, moduleId: actor.moduleId };
  return withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = await preferences(tx, owner);
    await q.savePreferences(tx, owner, body.preferences);
    const after = await preferences(tx, owner);
    await auditChange(tx, actor, {
      event: 'NOTIFICATION_PREFERENCES_UPDATED',
      entityType: 'notification_preference',
      entityId: actor.userId,
      details: {
        before: before.map(({ kind, inApp, email }) => ({ kind, inApp, email })),
        after: after.map(({ kind, inApp, email }) => ({ kind, inApp, email })),
      },
    });
    return { data: after };
  });
}

/** The caller's alerts (My Jobs › Alerts, the bell) and their choices (Settings › Notifications): decision 0033. */
export function notificationRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.list, (input, req) => list(ctx, input, req)),
      route(E.bell, (_input, req) => bell(ctx, req)),
      route(E.markRead, (input, req) => markRead(ctx, input, req)),
      route(E.markAllRead, async (_input, req) => ({ updated: await q.markAllRead(ctx.db, ownerOf(req), ctx.now()) })),
      route(E.preferences, async (_input, req) => ({ data: await preferences(ctx.db, ownerOf(req)) })),
      route(E.updatePreferences, (input, req) => updatePreferences(ctx, input, req)),
    ]);
}
