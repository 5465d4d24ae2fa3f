import { expect } from 'vitest';
import type { Worker } from '@/jobs/worker.ts';
import { createFakeHandlers, createGate, startTestWorker } from '@/testing/job-fixtures.ts';
import { addModule, addUser, call, type Session, signIn, type TestApp, uniqueName } from '@/testing/test-app.ts';

/**
 * What the runner tests share: a real app and worker on one database, fake activity handlers, a fresh module
 * (and an admin in it) per test so runs of different tests never share a module, and polling helpers.
 */
export function createRunnerHarness(t: TestApp) {
  const fakes = createFakeHandlers();
  const h = {
    fakes,
    admin: undefined as unknown as Session,
    worker: undefined as unknown as Worker,
    async startWorker() {
      h.worker = await startTestWorker(t, { handlers: { PIPE_LINE: fakes.handler, RECON: fakes.handler } });
    },
    async freshModule() {
      const moduleId = await addModule(t, uniqueName('Runner module'));
      const userName = uniqueName('runner');
      await addUser(t, { userName, roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
      h.admin = await signIn(t, userName);
      return moduleId;
    },
    async run(moduleId: number, jobId: number, payload: Record<string, unknown> = {}) {
      const res = await call(t, h.admin, {
        method: 'POST',
        url: '/web/v2/jobs?opertionType=MANUAL_JOB_EXEC',
        payload: { id: jobId, jobExecutionParam: {}, ...payload },
        moduleId,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { id: number; status: string };
    },
    activitiesOf: (executionId: number) =>
      t.database.db
        .selectFrom('activity_execution')
        .select(['sequence', 'type', 'type_id', 'status', 'attempt', 'error_message', 'counts', 'started_at'])
        .where('job_execution_id', '=', executionId)
        .orderBy('sequence')
        .execute(),
    executionOf: (id: number) =>
      t.database.db.selectFrom('job_execution').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    /** Polls `probe` until it answers something (15 s at most). */
    async waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const value = await probe();
        if (value !== undefined) return value;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('condition not met in time');
    },
    /** Holds the activity on `pipelineId` running until the gate opens; `entered` resolves when it starts. */
    holdActivity(pipelineId: number) {
      const gate = createGate();
      const entered = createGate();
      fakes.behaviours.set(pipelineId, async () => {
        entered.open();
        await gate.opened;
        return { status: 'COMPLETED', counts: {} };
      });
      return { gate, entered };
    },
  };
  return h;
}
