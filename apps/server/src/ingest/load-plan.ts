import { type FileKind, hasSkipRules, type SkipRules } from '@recon/contract';
import type { Db, FileMapping } from '@recon/db';
import type { NumberFormat } from '@recon/formats';
import { qualified } from '@/lib/data-tables/ddl.ts';
import type { StagedMapping } from './column-readers.ts';
import * as q from './ingest.queries.ts';
import type { RowLimit } from './limits.ts';
import type { ReadSettings } from './records.ts';
import type { SkipPlan } from './skip-rules.ts';

/** Everything one pipeline's files are loaded with, read once per activity. */
export type LoadPlan = {
  pipelineId: number;
  pipelineName: string;
  moduleId: number;
  settings: ReadSettings;
  /** Every file column the config names, in config order: the header is checked against these. */
  expected: string[];
  /**
   * Without a header: where each config column is in a record (its column number, or for a fixed-width file
   * its cut, in config order). With a header: null (the header says).
   */
  fixedPositions: number[] | null;
  /** The loaded columns: index into `expected`, and how to check and store the value. */
  staged: { expectedIndex: number; mapping: StagedMapping }[];
  skip: SkipPlan | null;
  target: string;
  invalid: string;
  duplicateKeys: string[];
  limits: { invalid: RowLimit | null; duplicate: RowLimit | null };
};

/** Why a pipeline cannot load files at all: the activity fails with this message. */
export class PipelineNotLoadableError extends Error {}

/** The date formats of a stored mapping: its list, else (configs saved before patterns) its one format. */
export function dateFormatsOf(m: FileMapping): string[] {
  if (m.dateFormats && m.dateFormats.length > 0) return m.dateFormats;
  return m.dateFormat ? [m.dateFormat] : [];
}

/** Stored skip rules with their defaults (configs saved before skip rules have none). */
export function skipRulesOf(stored: Partial<SkipRules> | null | undefined): SkipRules {
  return {
    bottomRows: stored?.bottomRows ?? 0,
    blankColumns: stored?.blankColumns ?? [],
    patterns: stored?.patterns ?? [],
  };
}

/** Resolves the rules' file column names to config positions (case-insensitive, trimmed). */
export function skipPlanOf(rules: SkipRules, expected: readonly string[]): SkipPlan | null {
  if (!hasSkipRules(rules)) return null;
  const keys = expected.map((e) => e.trim().toLowerCase());
  const indexOf = (name: string) => {
    const i = keys.indexOf(name.trim().toLowerCase());
    if (i < 0) throw new PipelineNotLoadableError(`A skip rule names the column "${name}", which the config lacks`);
    return i;
  };
  return {
    bottomRows: rules.bottomRows,
    blank: rules.blankColumns.map((name) => ({ expectedIndex: indexOf(name), name })),
    patterns: rules.patterns.map((p) => ({
      expectedIndex: p.column === null ? null : indexOf(p.column),
      name: p.column,
      pattern: p.pattern,
    })),
  };
}

/** Record positions of the config's columns in a file without a header. */
function positionsWithoutHeader(kind: FileKind, mappings: readonly FileMapping[]): number[] {
  if (kind === 'fixed_width') return mappings.map((_, i) => i);
  return mappings.map((m, i) => (m.columnNumber ?? i + 1) - 1);
}

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
        dateFormats: dateFormatsOf(m),
        numberFormat: (m.numberFormat ?? null) as NumberFormat | null,
        isRequired: m.isRequired,
        fillDown: m.fillDown ?? false,
      },
    });
  });
  const kind = p.file_kind;
  const hasHeader = kind !== 'fixed_width' && (p.has_header ?? true);
  const expected = p.mappings.map((m) => m.fileColumn);
  const skip = skipPlanOf(skipRulesOf(p.skip_rules), expected);
  const ds = await q.dataSourceLimits(db, pipelineId, moduleId);
  return {
    pipelineId,
    pipelineName: p.name,
    moduleId,
    settings: {
      fileKind: kind,
      delimiter: p.delimiter ?? ',',
      headerRow: p.header_row ?? 1,
      hasHeader,
      sheetName: p.sheet_name,
      fixedColumns:
        kind === 'fixed_width' ? p.mappings.map((m) => ({ start: m.start ?? 1, length: m.length ?? 0 })) : [],
      // A footer or summary row a rule skips may be narrower or wider than the data: the encoder checks kept rows.
      isWidthChecked: kind !== 'csv' || skip === null,
    },
    expected,
    fixedPositions: hasHeader ? null : positionsWithoutHeader(kind, p.mappings),
    staged,
    skip,
    target: qualified(p.table_name),
    invalid: qualified(p.invalid_table_name),
    duplicateKeys: await q.duplicateKeyColumns(db, p.data_table_id),
    limits: {
      invalid: ds ? { value: ds.max_invalid_record, unit: ds.max_invalid_unit } : null,
      duplicate: ds ? { value: ds.max_duplicate_record, unit: ds.max_duplicate_unit } : null,
    },
  };
}
