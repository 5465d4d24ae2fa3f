import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addModule,
  addUser,
  call,
  createRecordingNotifier,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
} from '@/testing/test-app.ts';
import { startSlaCheck } from './ticket-sla.ts';

// The worker's periodic SLA check (decision 0032): started on a short interval, it escalates an overdue ticket by
// itself, and stops cleanly.

let t: TestApp;
let admin: Session;
let moduleId: number;

beforeAll(async () => {
  t = await createTestApp();
  moduleId = await addModule(t, 'SLA timer');
  await addUser(t, { userName: 'slat-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
  admin = await signIn(t, 'slat-admin');
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  call(t, admin, { method, url: `/web${url}`, moduleId, ...(payload ? { payload } : {}) });

describe('the periodic SLA check', () => {
  it('escalates an overdue ticket on its own', async () => {
    expect((await send('PUT', '/v2/ticketSla', { escalateAfterHours: 1 })).statusCode).toBe(200);
    const due = new Date(t.clock.now.getTime() + 60_000).toISOString();
    const created = await send('POST', '/v2/tickets', { title: 'Late', priority: 'LOW', type: 'TASK', dueDate: due });
    expect(created.statusCode, created.body).toBe(201);
    t.clock.advance(2 * 3_600_000);
    const check = startSlaCheck({
      db: t.database.db,
      log: t.app.log,
      now: () => t.clock.now,
      notifier: createRecordingNotifier(),
      intervalMs: 20,
    });
    try {
      await expect
        .poll(async () => (await send('GET', `/v2/tickets/${created.json().id}`)).json().status, { timeout: 10_000 })
        .toBe('ESCALATED');
    } finally {
      await check.stop();
    }
  });
});
