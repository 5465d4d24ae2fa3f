import type { Db, RollbackEntityKind } from '@recon/db';
import { sql } from 'kysely';
import type { RollbackPlan } from './plan.ts';

/**
 * A request's steps as rollback_record rows, worked in sequence order: recon runs newest first (dependencies
 * that belong to no execution among them), then each pipeline's files (last activity first), then the execution
 * itself. Finished steps of an earlier attempt stay; what is left is planned again after them.
 */

type NewRecord = {
  entity_kind: RollbackEntityKind;
  entity_id: number;
  entity_name: string;
  recon_run_id: number | null;
  file_ids: number[];
};

function stepsOf(plan: RollbackPlan): NewRecord[] {
  return [
    ...plan.runsToRollBack.map((r) => ({
      entity_kind: 'recon' as const,
      entity_id: r.reconId,
      entity_name: r.reconName,
      recon_run_id: r.id,
      file_ids: [],
    })),
    ...plan.pipelines.map((p) => ({
      entity_kind: 'pipeline' as const,
      entity_id: p.pipelineId,
      entity_name: p.pipelineName,
      recon_run_id: null,
      file_ids: p.pendingFileIds,
    })),
    {
      entity_kind: 'job_history' as const,
      entity_id: plan.execution.id,
      entity_name: plan.execution.jobName,
      recon_run_id: null,
      file_ids: [],
    },
  ];
}

/**
 * Writes the plan's steps (SUBMITTED_FOR_EXECUTION) and its non-blocking dependencies (CREATED, each linked to
 * the step that rolls it back) for the request, replacing whatever an earlier attempt left unfinished.
 */
export async function writePlan(tx: Db, rollbackId: number, plan: RollbackPlan): Promise<void> {
  await tx
    .deleteFrom('rollback_dependency')
    .where('rollback_id', '=', rollbackId)
    .where('status', '<>', 'ROLLBACK_FINISHED')
    .execute();
  await tx
    .deleteFrom('rollback_record')
    .where('rollback_id', '=', rollbackId)
    .where('status', '<>', 'ROLLBACK_FINISHED')
    .execute();
  const last = await sql<{ n: number }>`
    SELECT coalesce(max(sequence), 0)::int AS n FROM rollback_record WHERE rollback_id = ${rollbackId}`.execute(tx);
  const first = (last.rows[0]?.n ?? 0) + 1;
  const inserted = await tx
    .insertInto('rollback_record')
    .values(stepsOf(plan).map((s, i) => ({ ...s, rollback_id: rollbackId, sequence: first + i, counts: '{}' })))
    .returning(['id', 'recon_run_id'])
    .execute();
  const recordOfRun = new Map(inserted.flatMap((r) => (r.recon_run_id === null ? [] : [[r.recon_run_id, r.id]])));
  const dependencies = plan.dependencies.filter((d) => !d.isBlocking);
  if (dependencies.length === 0) return;
  await tx
    .insertInto('rollback_dependency')
    .values(
      dependencies.map((d) => ({
        rollback_id: rollbackId,
        recon_run_id: d.id,
        record_id: recordOfRun.get(d.id) ?? null,
        reason: d.reason,
        depends_on_run_id: d.dependsOnRunId,
        status: 'CREATED' as const,
      })),
    )
    .execute();
}
