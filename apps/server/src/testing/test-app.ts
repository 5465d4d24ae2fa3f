import type { PrivilegeCode } from '@recon/contract';
import { createTestDatabase, type TestDatabase } from '@recon/db/testing';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '@/app.ts';
import { type Config, testConfig } from '@/config.ts';
import type { Message, Notifier } from '@/lib/notifier.ts';
import { createModuleRow, createUser, type NewUser, seedSystem } from '@/seed/seed.ts';

export const TEST_PASSWORD = 'Test@Pass2026';

/** A notifier that records what it would send, so tests can read the codes. */
export function createRecordingNotifier(): Notifier & { messages: Message[]; lastCode: () => string | undefined } {
  const messages: Message[] = [];
  return {
    messages,
    send: async (_db, m) => {
      messages.push(m);
    },
    lastCode: () => {
      for (let i = messages.length - 1; i >= 0; i--) {
        const code = /\b(\d{6})\b/.exec(messages[i]?.body ?? '')?.[1];
        if (code) return code;
      }
      return undefined;
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  notifier: ReturnType<typeof createRecordingNotifier>;
  clock: { now: Date; advance: (ms: number) => void };
  close: () => Promise<void>;
};

export type TestAppOptions = {
  /** Registers extra routes (probes for plugin tests) on the real app before it is ready. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
};

/**
 * The real app on a fresh migrated database with the system seed (roles, privileges, settings,
 * departments). Time is a movable clock.
 */
export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  await seedSystem(database.db);
  const notifier = createRecordingNotifier();
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const app = await buildApp(
    { config: testConfig(overrides), db: database.db, notifier, now: () => clock.now },
    { logger: false },
  );
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    notifier,
    clock,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

export async function addModule(t: TestApp, name: string): Promise<number> {
  return createModuleRow(t.database.db, name);
}

export async function addUser(t: TestApp, u: Omit<NewUser, 'password'> & { password?: string }): Promise<number> {
  return createUser(t.database.db, { password: TEST_PASSWORD, ...u });
}

export type Session = { userId: number; authToken: string; refreshToken: string; userName: string };

/** Signs in through the real endpoint. */
/** A role holding exactly these codes (v2). */
export async function addRoleWith(t: TestApp, name: string, codes: readonly PrivilegeCode[]): Promise<void> {
  const { id } = await t.database.db.insertInto('role').values({ name }).returning('id').executeTakeFirstOrThrow();
  if (codes.length) {
    await t.database.db
      .insertInto('role_privilege')
      .values(codes.map((code) => ({ role_id: id, code, version: 'v2' })))
      .execute();
  }
}

export async function signIn(t: TestApp, userName: string, password = TEST_PASSWORD): Promise<Session> {
  const res = await t.app.inject({ method: 'POST', url: '/web/v2/login', payload: { userName, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${userName} failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { userId: body.id, authToken: body.authToken, refreshToken: body.refreshToken, userName: body.userName };
}

/** An authenticated request with the spec's headers. */
export function call(
  t: TestApp,
  session: Session | null,
  opts: InjectOptions & { moduleId?: number | string },
): Promise<LightMyRequestResponse> {
  const { moduleId, headers, ...rest } = opts;
  return t.app.inject({
    ...rest,
    headers: {
      ...(session ? { authorization: `Bearer ${session.authToken}`, 'x-user-id': String(session.userId) } : {}),
      ...(moduleId !== undefined ? { 'x-module-id': String(moduleId) } : {}),
      ...headers,
    },
  });
}

/** Sets one global setting in the test database (inserted when missing). */
export async function setSetting(t: TestApp, group: string, key: string, value: string): Promise<void> {
  await t.database.db
    .insertInto('global_setting')
    .values({ setting_group: group, setting_key: key, setting_value: value })
    .onConflict((oc) => oc.columns(['setting_group', 'setting_key']).doUpdateSet({ setting_value: value }))
    .execute();
}

/** Audit rows of one event, oldest first. */
export function auditRows(t: TestApp, event: string) {
  return t.database.db.selectFrom('audit_log').selectAll().where('event', '=', event).orderBy('id').execute();
}

let uniqueCounter = 0;
/** A name no other test of this file uses (test files share nothing, so a counter is enough). */
export function uniqueName(prefix: string): string {
  uniqueCounter += 1;
  return `${prefix}-${uniqueCounter}`;
}
