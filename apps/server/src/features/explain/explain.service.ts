import type { ExplainResponse } from '@recon/contract';
import { sqlOf } from '@recon/db';
import { type ExplainedGroup, explainRow } from '@recon/recon-engine';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { plainValues } from '@/lib/recon/plain-values.ts';
import { enabledRules, ReconNotRunnable, reconSides } from '@/lib/recon/recon-input.ts';
import { rulesById } from './explain.queries.ts';

const NOT_FOUND = 'Transaction not found';
export async function explain(
  ctx: FeatureContext,
  moduleId: number,
  q: { reconId: number; dataSourceId: number; rowId: number },
): Promise<ExplainResponse> {
  let sides: Awaited<ReturnType<typeof reconSides>>;
  try {
    sides = await reconSides(ctx.db, moduleId, q.reconId);
  } catch (err) {
    if (err instanceof ReconNotRunnable) throw new AppError('NOT_FOUND', NOT_FOUND);
    throw err;
  }
  const me = sides.A.dataSourceId === q.dataSourceId ? 'A' : sides.B.dataSourceId === q.dataSourceId ? 'B' : null;
  if (!me) throw new AppError('NOT_FOUND', NOT_FOUND);
  const rules = await enabledRules(ctx.db, q.reconId);
  const byId = await rulesById(ctx.db, q.reconId);
  const e = await explainRow(
    sqlOf(ctx.db),
    { reconId: q.reconId, sideA: sides.A, sideB: sides.B, rules },
    me,
    q.rowId,
    byId,
  );
  if (!e) throw new AppError('NOT_FOUND', NOT_FOUND);
  const kindsOf = (dataSourceId: number) => (dataSourceId === sides.A.dataSourceId ? sides.A.columns : sides.B.columns);
  const candidate = (c: (typeof e.counterparts)[number]) => ({
    ...c,
    row: plainValues(c.row, kindsOf(c.dataSourceId)),
  });
  const group = (g: ExplainedGroup) => ({
    ...g,
    members: g.members.map((m) => ({ ...m, row: plainValues(m.row, kindsOf(g.dataSourceId)) })),
  });
  return {
    ...e,
    row: plainValues(e.row, kindsOf(e.dataSourceId)),
    counterparts: e.counterparts.map(candidate),
    group: e.group ? group(e.group) : undefined,
    rules: e.rules.map((r) => ({
      ...r,
      candidates: r.candidates.map(candidate),
      groups: r.groups?.map(group),
    })),
  };
}
