import type { FileDateFormat } from '@recon/contract';
import type { Db } from '@recon/db';
import { qualified } from '@/lib/data-tables/ddl.ts';
import type { StagedMapping } from './column-readers.ts';
import * as q from './ingest.queries.ts';
import type { RowLimit } from './limits.ts';
import type { ReadSettings } from './records.ts';

/** Everything one pipeline's files are loaded with, read once per activity. */
export type LoadPlan = {
  pipelineId: number;
  pipelineName: string;
  moduleId: number;
  settings: ReadSettings;
  /** Every file column the config names, in config order: the header is checked against these. */
  expected: string[];
  /** The loaded columns: index into `expected`, and how to check and store the value. */
  staged: { expectedIndex: number; mapping: StagedMapping }[];
  target: string;
  invalid: string;
  duplicateKeys: string[];
  limits: { invalid: RowLimit | null; duplicate: RowLimit | null };
};

/** Why a pipeline cannot load files at all: the activity fails with this message. */
export class PipelineNotLoadableError extends Error {}

export async function buildLoadPlan(db: Db, pipelineId: number, moduleId: number): Promise<LoadPlan> {
  const p = await q.getPipelineForRun(db, pipelineId, moduleId);
  if (!p) throw new PipelineNotLoadableError(`Pipeline ${pipelineId} does not exist in this module`);
  if (p.source !== 'FILE') {
    throw new PipelineNotLoadableError(`Pipeline "${p.name}" reads from ${p.source}: only FILE pipelines load files`);
  }
  if (!p.file_kind || !p.mappings) {
    throw new PipelineNotLoadableError(`Pipeline "${p.name}" has no file upload config: configure it first`);
  }
  const columns = new Map((await q.tableColumns(db, p.data_table_id)).map((c) => [c.name, c]));
  const staged: LoadPlan['staged'] = [];
  p.mappings.forEach((m, expectedIndex) => {
    if (!m.tableColumn) return;
    const c = columns.get(m.tableColumn);
    if (!c) {
      throw new PipelineNotLoadableError(
        `Pipeline "${p.name}" maps to column "${m.tableColumn}", which its table no longer has: edit the file upload config`,
      );
    }
    staged.push({
      expectedIndex,
      mapping: {
        column: { name: c.name, dataType: c.data_type, isMoney: c.is_money, maxLength: c.max_length },
        dateFormat: (m.dateFormat ?? null) as FileDateFormat | null,
        isRequired: m.isRequired,
      },
    });
  });
  const ds = await q.dataSourceLimits(db, pipelineId, moduleId);
  return {
    pipelineId,
    pipelineName: p.name,
    moduleId,
    settings: {
      fileKind: p.file_kind,
      delimiter: p.delimiter ?? ',',
      headerRow: p.header_row ?? 1,
      sheetName: p.sheet_name,
    },
    expected: p.mappings.map((m) => m.fileColumn),
    staged,
    target: qualified(p.table_name),
    invalid: qualified(p.invalid_table_name),
    duplicateKeys: await q.duplicateKeyColumns(db, p.data_table_id),
    limits: {
      invalid: ds ? { value: ds.max_invalid_record, unit: ds.max_invalid_unit } : null,
      duplicate: ds ? { value: ds.max_duplicate_record, unit: ds.max_duplicate_unit } : null,
    },
  };
}
