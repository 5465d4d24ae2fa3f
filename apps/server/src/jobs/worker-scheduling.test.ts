import { JOB_EXECUTION_TEXTS } from '@recon/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPipeline,
  addRecon,
  addUploadedFile,
  createJob,
  jobBody,
  waitForMessagesHandled,
  waitForStatus,
} from '@/testing/job-fixtures.ts';
import { createRunnerHarness } from '@/testing/runner-harness.ts';
import {
  addModule,
  addUser,
  call,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
  uniqueName,
} from '@/testing/test-app.ts';
import { fireDueSchedules } from './schedules.ts';

let t: TestApp;
let h: ReturnType<typeof createRunnerHarness>;

beforeAll(async () => {
  t = await createTestApp();
  h = createRunnerHarness(t);
  await h.startWorker();
});
afterAll(async () => {
  await h.worker.stop();
  await t.close();
});

describe('one run per module', () => {
  it('keeps a second run of the module queued until the first ends, while other modules run', async () => {
    const moduleId = await h.freshModule();
    const [pa, pb] = [await addPipeline(t, moduleId), await addPipeline(t, moduleId)];
    const jobA = await createJob(t, h.admin, moduleId, jobBody([pa.id]));
    const jobB = await createJob(t, h.admin, moduleId, jobBody([pb.id]));
    const held = h.holdActivity(pa.id);
    const runA = await h.run(moduleId, jobA);
    await held.entered.opened;
    const runB = await h.run(moduleId, jobB);
    await waitForMessagesHandled(t, runB.id);
    expect((await h.executionOf(runB.id)).status).toBe('RUNNABLE');

    const otherModule = await h.freshModule();
    const pc = await addPipeline(t, otherModule);
    const jobC = await createJob(t, h.admin, otherModule, jobBody([pc.id]));
    const runC = await h.run(otherModule, jobC);
    expect(await waitForStatus(t, runC.id, ['COMPLETED', 'FAILED'])).toBe('COMPLETED');
    expect((await h.executionOf(runB.id)).status).toBe('RUNNABLE');

    held.gate.open();
    expect(await waitForStatus(t, runA.id, ['COMPLETED', 'FAILED'])).toBe('COMPLETED');
    expect(await waitForStatus(t, runB.id, ['COMPLETED', 'FAILED'])).toBe('COMPLETED');
    const [a, b] = [await h.executionOf(runA.id), await h.executionOf(runB.id)];
    expect((b.started_at as Date).getTime()).toBeGreaterThanOrEqual((a.finished_at as Date).getTime());
  });

  it('lets jobs listed in a JOB parallel config run together', async () => {
    const moduleId = await h.freshModule();
    const [pa, pb] = [await addPipeline(t, moduleId), await addPipeline(t, moduleId)];
    const jobA = await createJob(t, h.admin, moduleId, jobBody([pa.id]));
    const jobB = await createJob(t, h.admin, moduleId, jobBody([pb.id]));
    const config = await call(t, h.admin, {
      method: 'POST',
      url: '/web/v2/parallel_job_config',
      payload: { configName: uniqueName('Together'), configType: 'JOB', configIds: [jobA, jobB] },
      moduleId,
    });
    expect(config.statusCode, config.body).toBe(200);
    const heldA = h.holdActivity(pa.id);
    const heldB = h.holdActivity(pb.id);
    const runA = await h.run(moduleId, jobA);
    await heldA.entered.opened;
    const runB = await h.run(moduleId, jobB);
    await heldB.entered.opened;
    expect([(await h.executionOf(runA.id)).status, (await h.executionOf(runB.id)).status]).toEqual([
      'RUNNING',
      'RUNNING',
    ]);
    heldA.gate.open();
    heldB.gate.open();
    expect(await waitForStatus(t, runA.id, ['COMPLETED'])).toBe('COMPLETED');
    expect(await waitForStatus(t, runB.id, ['COMPLETED'])).toBe('COMPLETED');
  });

  it('keeps a job not listed in the JOB config waiting', async () => {
    const moduleId = await h.freshModule();
    const [pa, pb, pc] = [
      await addPipeline(t, moduleId),
      await addPipeline(t, moduleId),
      await addPipeline(t, moduleId),
    ];
    const jobA = await createJob(t, h.admin, moduleId, jobBody([pa.id]));
    const jobB = await createJob(t, h.admin, moduleId, jobBody([pb.id]));
    const jobC = await createJob(t, h.admin, moduleId, jobBody([pc.id]));
    await call(t, h.admin, {
      method: 'POST',
      url: '/web/v2/parallel_job_config',
      payload: { configName: uniqueName('Pair'), configType: 'JOB', configIds: [jobA, jobB] },
      moduleId,
    });
    const held = h.holdActivity(pa.id);
    const runA = await h.run(moduleId, jobA);
    await held.entered.opened;
    const runC = await h.run(moduleId, jobC);
    await waitForMessagesHandled(t, runC.id);
    expect((await h.executionOf(runC.id)).status).toBe('RUNNABLE');
    held.gate.open();
    expect(await waitForStatus(t, runC.id, ['COMPLETED'])).toBe('COMPLETED');
    expect((await h.executionOf(runA.id)).status).toBe('COMPLETED');
  });

  it('lets every job of a module named in a MODULE parallel config run together', async () => {
    const moduleId = await h.freshModule();
    const other = await addModule(t, uniqueName('Sibling module'));
    const userName = uniqueName('module-admin');
    await addUser(t, { userName, roles: ['ROLE_ADMIN'], moduleIds: [moduleId, other] });
    h.admin = await signIn(t, userName);
    const [pa, pb] = [await addPipeline(t, moduleId), await addPipeline(t, moduleId)];
    const jobA = await createJob(t, h.admin, moduleId, jobBody([pa.id]));
    const jobB = await createJob(t, h.admin, moduleId, jobBody([pb.id]));
    const config = await call(t, h.admin, {
      method: 'POST',
      url: '/web/v2/parallel_job_config',
      payload: { configName: uniqueName('Modules'), configType: 'MODULE', configIds: [moduleId, other] },
      moduleId,
    });
    expect(config.statusCode, config.body).toBe(200);
    const heldA = h.holdActivity(pa.id);
    const heldB = h.holdActivity(pb.id);
    const runA = await h.run(moduleId, jobA);
    await heldA.entered.opened;
    const runB = await h.run(moduleId, jobB);
    await heldB.entered.opened;
    expect((await h.executionOf(runB.id)).status).toBe('RUNNING');
    heldA.gate.open();
    heldB.gate.open();
    expect(await waitForStatus(t, runA.id, ['COMPLETED'])).toBe('COMPLETED');
    expect(await waitForStatus(t, runB.id, ['COMPLETED'])).toBe('COMPLETED');
  });
});

describe('file approval', () => {
  /** A job loading one pipeline (its fake inserts 2 rows and 1 invalid row per file) then running a recon. */
  async function approvalSetup() {
    const moduleId = await h.freshModule();
    const maker = h.admin;
    const checkerName = uniqueName('checker');
    await addUser(t, { userName: checkerName, roles: ['ROLE_CHECKER'], moduleIds: [moduleId] });
    const checker = await signIn(t, checkerName);
    const p = await addPipeline(t, moduleId);
    const reconId = await addRecon(t, moduleId);
    h.fakes.behaviours.set(p.id, async (r) => {
      const files = await t.database.db
        .selectFrom('uploaded_file')
        .select('id')
        .where('job_execution_id', '=', r.jobExecutionId)
        .execute();
      for (const f of files) {
        await sql`INSERT INTO ${sql.raw(`recon_data.${p.table}`)} (_file_id, _execution_id, _row_no, reference, amount)
          VALUES (${f.id}, ${r.jobExecutionId}, 1, 'A1', 10.5), (${f.id}, ${r.jobExecutionId}, 2, 'A2', 20)`.execute(
          t.database.db,
        );
        await sql`INSERT INTO ${sql.raw(`recon_data.${p.invalidTable}`)} (_file_id, _row_no, _reasons, reference, amount)
          VALUES (${f.id}, 3, ARRAY['bad amount'], 'A3', 'x')`.execute(t.database.db);
      }
      return { status: 'COMPLETED', counts: { rowsLoaded: files.length * 2 } };
    });
    const body = jobBody([p.id], { fileApprovalEnabled: true, dashboardId: 3 });
    body.activities?.push({ sequence: 2, type: 'RECON', activity: { typeId: reconId } });
    const jobId = await createJob(t, maker, moduleId, body);
    const fileId = await addUploadedFile(t, { moduleId, pipelineId: p.id, uploadedBy: maker.userId });
    const started = await h.run(moduleId, jobId, { fileIds: [fileId] });
    expect(await waitForStatus(t, started.id, ['FILE_APPROVAL_PENDING', 'COMPLETED', 'FAILED'])).toBe(
      'FILE_APPROVAL_PENDING',
    );
    return { moduleId, maker, checker, p, reconId, fileId, executionId: started.id };
  }
  const rowsOf = async (table: string) =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.raw(`recon_data.${table}`)}`.execute(t.database.db))
      .rows[0]?.n;
  const decide = (s: Session, moduleId: number, id: number, approvalStatus: string) =>
    call(t, s, {
      method: 'PUT',
      url: `/web/v2/jobexecutions/${id}/update_data_ingestion_status?approvalStatus=${approvalStatus}`,
      moduleId,
    });

  it('stops after the PIPE_LINE activities and continues when a checker approves', async () => {
    const s = await approvalSetup();
    expect((await h.activitiesOf(s.executionId)).map((a) => [a.type, a.status])).toEqual([
      ['PIPE_LINE', 'COMPLETED'],
      ['RECON', 'RUNNABLE'],
    ]);
    expect((await h.executionOf(s.executionId)).approval_status).toBe('ACTION_PENDING');
    // The checker is told the files wait for them; the maker, who may not decide, is not (decision 0033).
    const bell = await call(t, s.checker, { method: 'GET', url: '/web/v2/notifications/bell', moduleId: s.moduleId });
    expect(bell.statusCode, bell.body).toBe(200);
    expect(bell.json()).toMatchObject({
      unreadCount: 1,
      latest: [
        { kind: 'APPROVAL_WAITING', link: `/my-jobs/file-approvals?executionId=${s.executionId}`, readAt: null },
      ],
    });
    expect(bell.json().latest[0].title).toContain(`Files of run #${s.executionId}`);
    const makerBell = await call(t, s.maker, {
      method: 'GET',
      url: '/web/v2/notifications/bell',
      moduleId: s.moduleId,
    });
    expect(makerBell.json()).toEqual({ unreadCount: 0, latest: [] });
    const res = await decide(s.checker, s.moduleId, s.executionId, 'APPROVED');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'RUNNABLE',
      approvalStatus: 'APPROVED',
      approvedBy: s.checker.userName,
    });
    // Decided: the "waiting for your approval" alert no longer waits.
    const after = await call(t, s.checker, { method: 'GET', url: '/web/v2/notifications/bell', moduleId: s.moduleId });
    expect(after.json().unreadCount).toBe(0);
    expect(await waitForStatus(t, s.executionId, ['COMPLETED', 'FAILED'])).toBe('COMPLETED');
    expect(h.fakes.calls.filter((c) => c.jobExecutionId === s.executionId).map((c) => c.type)).toEqual([
      'PIPE_LINE',
      'RECON',
    ]);
    expect(await rowsOf(s.p.table)).toBe(2);
  });

  it('removes the loaded rows and ends REJECTED when a checker rejects', async () => {
    const s = await approvalSetup();
    expect(await rowsOf(s.p.table)).toBe(2);
    expect(await rowsOf(s.p.invalidTable)).toBe(1);
    const res = await decide(s.checker, s.moduleId, s.executionId, 'REJECTED');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'REJECTED',
      approvalStatus: 'REJECTED',
      files: [{ id: s.fileId, status: 'ROLLED_BACK' }],
    });
    expect(await rowsOf(s.p.table)).toBe(0);
    expect(await rowsOf(s.p.invalidTable)).toBe(0);
    expect((await h.activitiesOf(s.executionId)).map((a) => a.status)).toEqual(['COMPLETED', 'REJECTED']);
    expect(h.fakes.calls.filter((c) => c.jobExecutionId === s.executionId).map((c) => c.type)).toEqual(['PIPE_LINE']);
    // The maker (who started the run and uploaded its file) is told their files were rejected.
    const alerts = await call(t, s.maker, { method: 'GET', url: '/web/v2/notifications', moduleId: s.moduleId });
    expect(alerts.json()).toMatchObject({
      recordsTotal: 1,
      unreadCount: 1,
      data: [{ kind: 'FILE_REJECTED', kindLabel: 'File rejected', link: expect.stringContaining(`=${s.executionId}`) }],
    });
  });

  it('never lets the user who started the run approve it', async () => {
    const s = await approvalSetup();
    const check = await call(t, s.maker, {
      method: 'POST',
      url: `/web/v2/jobexecutions/${s.executionId}/file-approval-validate-maker-checker`,
      payload: { jobExecutionId: s.executionId, selectedExecutionActivities: [] },
      moduleId: s.moduleId,
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toEqual({ canApprove: false, message: JOB_EXECUTION_TEXTS.makerCannotApprove });
    const res = await decide(s.maker, s.moduleId, s.executionId, 'APPROVED');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(JOB_EXECUTION_TEXTS.makerCannotApprove);
    expect((await h.executionOf(s.executionId)).status).toBe('FILE_APPROVAL_PENDING');
    const checkerView = await call(t, s.checker, {
      method: 'POST',
      url: `/web/v2/jobexecutions/${s.executionId}/file-approval-validate-maker-checker`,
      payload: { jobExecutionId: s.executionId, selectedExecutionActivities: [] },
      moduleId: s.moduleId,
    });
    expect(checkerView.json()).toEqual({ canApprove: true, message: null });
  });
});

describe('cron schedules', () => {
  /** A daily expression firing two minutes from now (local time), so only the test's own tick fires it. */
  function soonExpression(now: Date) {
    const at = new Date(now.getTime() + 2 * 60_000);
    return { expression: `${at.getMinutes()} ${at.getHours()} * * *`, tickAt: new Date(at.getTime() + 60_000) };
  }
  const cron = (moduleId: number, op: string, payload: Record<string, unknown>) =>
    call(t, h.admin, { method: 'PUT', url: `/web/v2/jobs?opertionType=${op}`, payload, moduleId });

  it('creates a CRON run when a scheduled job comes due, once per fire', async () => {
    const moduleId = await h.freshModule();
    const p = await addPipeline(t, moduleId);
    const jobId = await createJob(t, h.admin, moduleId, jobBody([p.id]));
    const { expression, tickAt } = soonExpression(t.clock.now);
    const res = await cron(moduleId, 'SCHEDULE_CRON_JOB', { id: jobId, cronExpression: expression });
    expect(res.statusCode, res.body).toBe(200);
    const scheduler = { db: t.database.db, log: t.app.log };
    expect(await fireDueSchedules(scheduler, new Date(t.clock.now.getTime() + 30_000))).toEqual([]);
    const created = await fireDueSchedules(scheduler, tickAt);
    expect(created).toHaveLength(1);
    const executionId = created[0] as number;
    expect(await fireDueSchedules(scheduler, tickAt)).toEqual([]);
    expect(await waitForStatus(t, executionId, ['COMPLETED', 'FAILED'])).toBe('COMPLETED');
    expect(await h.executionOf(executionId)).toMatchObject({ job_id: jobId, trigger_type: 'CRON', created_by: null });
    await cron(moduleId, 'TERMINATE_CRON_JOB', { id: jobId });
  });

  it('creates no run while the schedule is paused, nor for fires missed during the pause', async () => {
    const moduleId = await h.freshModule();
    const p = await addPipeline(t, moduleId);
    const jobId = await createJob(t, h.admin, moduleId, jobBody([p.id]));
    const { expression, tickAt } = soonExpression(t.clock.now);
    await cron(moduleId, 'SCHEDULE_CRON_JOB', { id: jobId, cronExpression: expression });
    expect((await cron(moduleId, 'PAUSE_CRON_JOB', { id: jobId })).statusCode).toBe(200);
    const scheduler = { db: t.database.db, log: t.app.log };
    expect(await fireDueSchedules(scheduler, tickAt)).toEqual([]);
    t.clock.advance(4 * 60_000);
    expect((await cron(moduleId, 'RESUME_CRON_JOB', { id: jobId })).statusCode).toBe(200);
    expect(await fireDueSchedules(scheduler, new Date(tickAt.getTime() + 60_000))).toEqual([]);
    await cron(moduleId, 'TERMINATE_CRON_JOB', { id: jobId });
  });
});
