import type { NotificationKind } from '@recon/contract';
import type { Db } from '@recon/db';
import type { Notifier } from '@/lib/notifier.ts';
import * as q from './notifications.queries.ts';

/**
 * One event to tell users about (decision 0033). Features record them through `notify`, in the transaction of the
 * change they tell about, so an event is never told for a change that was rolled back.
 */
export type NotificationEvent = {
  moduleId: number;
  kind: NotificationKind;
  title: string;
  /** An in-app path the alert opens (`/my-jobs/file-approvals`), or null. */
  link: string | null;
  /** Who is told: only the module's active members among them, each as they chose for the kind. */
  userIds: readonly number[];
};

export type Notified = { inApp: number[]; byEmail: number[] };

/**
 * Records the event for each user who keeps the kind in the app (the bell, My Jobs › Alerts) and mails those who chose
 * it by mail through the notifier (the outbox). Answers who was told how.
 */
export async function notify(tx: Db, notifier: Notifier, event: NotificationEvent, now: Date): Promise<Notified> {
  const recipients = await q.recipientsOf(tx, event.moduleId, event.kind, event.userIds);
  const inApp = recipients.filter((r) => r.in_app).map((r) => r.id);
  await q.insertNotifications(
    tx,
    inApp.map((userId) => ({
      userId,
      moduleId: event.moduleId,
      kind: event.kind,
      title: event.title,
      link: event.link,
    })),
    now,
  );
  const mailed = recipients.filter((r) => r.by_email && r.email);
  if (mailed.length > 0) {
    const moduleName = await q.moduleName(tx, event.moduleId);
    for (const r of mailed) {
      await notifier.send(tx, {
        channel: 'EMAIL',
        recipient: r.email ?? '',
        subject: `[${moduleName}] ${event.title}`,
        body: event.link ? `${event.title}\n\nOpen it: ${event.link}` : event.title,
        userId: r.id,
      });
    }
  }
  return { inApp, byEmail: mailed.map((r) => r.id) };
}

/** Active members of the module holding the privilege: the audience of events no single person owns. */
export const holdersOf = q.holdersOf;

/** Who may decide an approval request of the kind in the module (pendingApprovals and Settings › Approval Rights). */
export const approvalCheckersOf = q.approvalCheckersOf;

/**
 * An approval was decided (by anyone): the "waiting for your approval" alerts that open it are read for every checker
 * told, so nobody is sent to a request that no longer waits.
 */
export const settleAlerts = q.settleByLink;
