import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { closeRows, dependentRuns, reopenRows, restateRows, rollbackRun, type StateTable } from '../src/journal.ts';
import type {
  EngineCondition,
  EngineElement,
  EngineRule,
  EngineSide,
  EngineTransform,
  Queryable,
  ValueKind,
} from '../src/model.ts';
import { runRecon } from '../src/run.ts';
import type { CandidateLimits } from '../src/selectivity.ts';
import { StatementRecorder } from './statement-recorder.ts';

/**
 * Golden cases (test/golden/<case>/): a.csv and b.csv with typed headers (`ref:text,amount:number,day:date`; an
 * optional `_recon_status` column marks load duplicates), rules.json in a compact form, expected.json with the
 * state of every row after each step. Cells are plain (no quoted commas); an empty cell is NULL.
 *
 * Compact rule element: `A.ref|TRIM|UPPERCASE`, `B.amount|SUM`, `B.posted_date|MAX`, `A.amount|MULTIPLY:-1` (a number
 * argument after `:`; aggregations: SUM, AVERAGE, MIN, MAX); named arguments as a JSON object right after the
 * transform's name, where `|` and `:` are plain text: `A.narration|REGEX_EXTRACT{"pattern":"NEFT-([A-Z0-9]+)-","group":1}`,
 * `B.credit|MINUS_COLUMN{"column":"debit"}|SUM`. Tolerance: a number (an amount, or days for dates) or a percentage of
 * element one as text, `"0.5%"`. Group by: `{ "type": "GROUP_BY", "one": "A.settlement|UPPERCASE" }` (no `two`).
 * Expected row: `"A1": "RECONCILED g1"` — status, then a group label when the row is in a matched group; rows
 * with the same label share one match id, different labels different ones.
 *
 * statements.sql (statements.bulk.sql for the bulk-insert path): every statement the engine ran for the case,
 * with its parameters, written by `GoldenWorld.recorder`; golden.test.ts fails when it differs from the committed
 * file, and rewrites the file when UPDATE_GOLDEN=1.
 */

type CompactCondition = {
  type: 'MATCHING' | 'FILTER' | 'GROUP_BY';
  primary?: boolean;
  enabled?: boolean;
  one: string;
  op?: string;
  two?: string;
  value?: string;
  /** 2 (± 2, or ± 2 days) or "0.5%" (± 0.5 % of element one). */
  tolerance?: number | `${number}%`;
};
export type CompactRule = { name: string; ruleType: EngineRule['ruleType']; conditions: CompactCondition[] };
export type Step =
  | { do: 'run'; rows: Record<string, string> }
  | { do: 'load'; side: 'A' | 'B'; file: string }
  /** `run`: the n-th step that made a run (run, accept, reject, unmatch, knockoff), from 1. */
  | { do: 'rollback'; run: number; rows?: Record<string, string>; sameAsAfterStep?: number; refusedWith?: string }
  | { do: 'accept' | 'reject' | 'unmatch'; label: string; rows: Record<string, string> }
  | { do: 'knockoff'; row: string; reason: string; rows: Record<string, string> };
export type Expected = { rows?: Record<string, string>; steps?: Step[] };

const SIDE_IDS = { A: 1, B: 2 } as const;
const SQL_TYPES: Record<ValueKind, string> = {
  number: 'numeric(20,4)',
  text: 'text',
  date: 'date',
  timestamp: 'timestamp',
};

/**
 * Splits a compact element on `|`, except inside a `{…}` JSON object (with its strings), so named arguments
 * may hold `|`, `:` and braces: `A.narration|REGEX_EXTRACT{"pattern":"(NEFT|RTGS)-([A-Z0-9]+)","group":2}`.
 */
function tokens(spec: string): string[] {
  const out: string[] = [];
  let current = '';
  let depth = 0;
  let inString = false;
  for (let i = 0; i < spec.length; i++) {
    const c = spec.charAt(i);
    if (inString) {
      if (c === '\\') {
        current += c + spec.charAt(i + 1);
        i += 1;
        continue;
      }
      if (c === '"') inString = false;
    } else if (c === '"' && depth > 0) inString = true;
    else if (c === '{') depth += 1;
    else if (c === '}') depth -= 1;
    else if (c === '|' && depth === 0) {
      out.push(current);
      current = '';
      continue;
    }
    current += c;
  }
  out.push(current);
  return out;
}

export function element(spec: string): EngineElement {
  const [ref = '', ...parts] = tokens(spec);
  const [side, columnName] = ref.split('.') as ['A' | 'B', string];
  const transforms: EngineTransform[] = [];
  let aggregation: EngineElement['aggregation'] = null;
  for (const token of parts) {
    const brace = token.indexOf('{');
    if (brace >= 0) {
      transforms.push({ type: token.slice(0, brace), argument: null, args: JSON.parse(token.slice(brace)) });
      continue;
    }
    const [type = '', arg] = token.split(':');
    if (type === 'SUM' || type === 'AVERAGE' || type === 'MIN' || type === 'MAX') aggregation = type;
    else transforms.push({ type, argument: arg === undefined ? null : Number(arg) });
  }
  return { valueType: 'COLUMN', dataSourceId: SIDE_IDS[side], columnName, transforms, aggregation };
}

/** A compact tolerance as the engine takes it; AMOUNT is left implicit (the engine's default). */
function toleranceOf(t: CompactCondition['tolerance']): Pick<EngineCondition, 'tolerance' | 'toleranceType'> {
  if (typeof t === 'string') return { tolerance: Number(t.slice(0, -1)), toleranceType: 'PERCENT' };
  return { tolerance: t ?? null };
}

export function expandRules(rules: CompactRule[]): EngineRule[] {
  return rules.map((r, i) => ({
    id: i + 1,
    name: r.name,
    ruleType: r.ruleType,
    conditions: r.conditions.map(
      (c, j): EngineCondition => ({
        sequence: j + 1,
        ruleConditionType: c.type,
        primaryCondition: c.primary ?? false,
        conditionEnable: c.enabled ?? true,
        elementOne: element(c.one),
        operator: c.op ?? 'EQUAL',
        elementSecond: c.two ? element(c.two) : { valueType: 'CONSTANT', value: c.value ?? null, transforms: [] },
        ...toleranceOf(c.tolerance),
      }),
    ),
  }));
}

type Table = { header: { name: string; kind: ValueKind }[]; rows: (string | null)[][] };

export function parseCsv(text: string): Table {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = (lines[0] ?? '').split(',').map((h) => {
    const [name = '', kind = 'text'] = h.trim().split(':');
    return { name, kind: kind as ValueKind };
  });
  const rows = lines.slice(1).map((l) => l.split(',').map((v) => (v.trim() === '' ? null : v.trim())));
  return { header, rows };
}

export class GoldenWorld {
  readonly sides: Record<'A' | 'B', EngineSide & StateTable>;
  /** Every statement the engine runs for this case (not the harness's own set-up and reads). */
  readonly recorder = new StatementRecorder();
  /** The connection as the engine gets it: recorded, then forwarded. */
  private readonly engineDb: Queryable;
  private nextRun = 1;
  constructor(
    private readonly client: pg.PoolClient,
    columns: Record<'A' | 'B', Map<string, ValueKind>>,
  ) {
    this.engineDb = this.recorder.wrap(client);
    const side = (s: 'A' | 'B') => ({
      dataSourceId: SIDE_IDS[s],
      dataTableId: SIDE_IDS[s],
      table: `recon_data.g_${s.toLowerCase()}`,
      stateTable: `recon_data.g_${s.toLowerCase()}_state`,
      columns: columns[s],
    });
    this.sides = { A: side('A'), B: side('B') };
  }

  static async create(client: pg.PoolClient, a: Table, b: Table): Promise<GoldenWorld> {
    // The journal and runs of a case live in a schema of their own, without the product's foreign keys (no
    // module, recon or data table rows are needed); the engine finds them first on the search path.
    await client.query('CREATE SCHEMA golden');
    await client.query(
      'CREATE TABLE golden.recon_journal (LIKE public.recon_journal INCLUDING DEFAULTS INCLUDING IDENTITY)',
    );
    await client.query(
      "CREATE TABLE golden.recon_run (id bigint PRIMARY KEY, status text NOT NULL DEFAULT 'COMPLETED')",
    );
    await client.query('SET search_path = golden, public');
    const cols = (t: Table) => new Map(t.header.filter((h) => h.name !== '_recon_status').map((h) => [h.name, h.kind]));
    const world = new GoldenWorld(client, { A: cols(a), B: cols(b) });
    for (const [s, t] of [
      ['A', a],
      ['B', b],
    ] as const) {
      const side = world.sides[s];
      const userCols = t.header
        .filter((h) => h.name !== '_recon_status')
        .map((h) => `"${h.name}" ${SQL_TYPES[h.kind]}`);
      await client.query(
        `CREATE TABLE ${side.table} (_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
           _recon_status text NOT NULL DEFAULT 'UNRECONCILED', ${userCols.join(', ')})`,
      );
      await client.query(
        `CREATE TABLE ${side.stateTable} (_id bigint PRIMARY KEY, status text NOT NULL, match_id bigint, rule_id bigint,
           run_id bigint NOT NULL, reconciled_at timestamptz NOT NULL DEFAULT now(), reason text)`,
      );
      await world.load(s, t);
    }
    return world;
  }

  async load(s: 'A' | 'B', t: Table): Promise<void> {
    const side = this.sides[s];
    for (const row of t.rows) {
      const names = t.header.map((h) => `"${h.name}"`);
      const values = t.header.map((h, i) => (h.name === '_recon_status' ? (row[i] ?? 'UNRECONCILED') : row[i]));
      await this.client.query(
        `INSERT INTO ${side.table} (${names.join(', ')}) VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')})`,
        values,
      );
    }
  }

  loadFile(dir: string, s: 'A' | 'B', file: string): Promise<void> {
    return this.load(s, parseCsv(readFileSync(join(dir, file), 'utf8')));
  }

  /** Runs the rules in one transaction; answers the run id. */
  async run(
    rules: EngineRule[],
    options: { bulkRows?: number; candidateLimits?: CandidateLimits } = {},
  ): Promise<number> {
    const runId = await this.newRun();
    await this.client.query('BEGIN');
    try {
      await runRecon({
        db: this.engineDb,
        input: { reconId: 1, sideA: this.sides.A, sideB: this.sides.B, rules },
        runId,
        ...options,
      });
      await this.client.query('COMMIT');
    } catch (err) {
      await this.client.query('ROLLBACK');
      throw err;
    }
    return runId;
  }

  private async newRun(): Promise<number> {
    const id = this.nextRun++;
    await this.client.query('INSERT INTO golden.recon_run (id) VALUES ($1)', [id]);
    return id;
  }

  /** Rolls a run back; refuses (changing nothing) while later runs depend on it, naming them. */
  async rollback(runId: number): Promise<void> {
    const dependents = await dependentRuns(this.engineDb, runId, [this.sides.A, this.sides.B]);
    if (dependents.length) throw new Error(`run ${runId} has dependent runs ${dependents.join(', ')}`);
    await this.client.query('BEGIN');
    await rollbackRun(this.engineDb, runId, [this.sides.A, this.sides.B]);
    await this.client.query("UPDATE golden.recon_run SET status = 'ROLLED_BACK' WHERE id = $1", [runId]);
    await this.client.query('COMMIT');
  }

  /** Applies a manual action to every row of the group `label` in the current state. */
  async action(kind: 'accept' | 'reject' | 'unmatch', rowsOfGroup: { side: 'A' | 'B'; id: number }[]): Promise<number> {
    const runId = await this.newRun();
    await this.client.query('BEGIN');
    for (const s of ['A', 'B'] as const) {
      const ids = rowsOfGroup.filter((r) => r.side === s).map((r) => r.id);
      if (kind === 'accept') await restateRows(this.engineDb, runId, this.sides[s], ids, { status: 'RECONCILED' });
      else await reopenRows(this.engineDb, runId, this.sides[s], ids);
    }
    await this.client.query('COMMIT');
    return runId;
  }

  async knockOff(side: 'A' | 'B', id: number, reason: string): Promise<number> {
    const runId = await this.newRun();
    await this.client.query('BEGIN');
    await closeRows(this.engineDb, runId, this.sides[side], [id], { status: 'KNOCK_OFF', reason });
    await this.client.query('COMMIT');
    return runId;
  }

  /** Every row: label (A1…), effective status, match id. */
  async state(): Promise<{ label: string; side: 'A' | 'B'; id: number; status: string; matchId: number | null }[]> {
    const out = [];
    for (const s of ['A', 'B'] as const) {
      const side = this.sides[s];
      const r = await this.client.query<{ id: number; status: string; match_id: number | null }>(
        `SELECT t._id AS id, coalesce(st.status, t._recon_status) AS status, st.match_id
         FROM ${side.table} t LEFT JOIN ${side.stateTable} st ON st._id = t._id ORDER BY t._id`,
      );
      for (const row of r.rows) {
        out.push({
          label: `${s}${row.id}`,
          side: s,
          id: Number(row.id),
          status: row.status,
          matchId: row.match_id === null ? null : Number(row.match_id),
        });
      }
    }
    return out;
  }

  /** The raw state tables, for byte-for-byte comparisons around a rollback. */
  async snapshot(): Promise<string> {
    const parts = [];
    for (const s of ['A', 'B'] as const) {
      const r = await this.client.query(`SELECT * FROM ${this.sides[s].stateTable} ORDER BY _id`);
      parts.push(JSON.stringify(r.rows));
    }
    return parts.join('\n');
  }
}

/**
 * Compares the state with expected rows: statuses exactly, and group labels as a partition (same label ⇔ same
 * match id; no label ⇔ no match id). Answers a list of differences, empty when it agrees.
 */
export function diffState(
  actual: { label: string; status: string; matchId: number | null }[],
  expected: Record<string, string>,
): string[] {
  const problems: string[] = [];
  const labelToMatch = new Map<string, number>();
  const matchToLabel = new Map<number, string>();
  const seen = new Set<string>();
  for (const row of actual) {
    seen.add(row.label);
    const want = expected[row.label];
    if (want === undefined) {
      problems.push(`${row.label}: not in expected (is ${row.status})`);
      continue;
    }
    const [status, group] = want.split(/\s+/);
    if (row.status !== status) problems.push(`${row.label}: status ${row.status}, expected ${status}`);
    if (!group) {
      if (row.matchId !== null && status !== 'UNRECONCILED')
        problems.push(`${row.label}: in group ${row.matchId}, expected none`);
      continue;
    }
    if (row.matchId === null) {
      problems.push(`${row.label}: in no group, expected group ${group}`);
      continue;
    }
    const m = labelToMatch.get(group);
    if (m === undefined) labelToMatch.set(group, row.matchId);
    else if (m !== row.matchId)
      problems.push(`${row.label}: group ${group} split across match ids ${m} and ${row.matchId}`);
    const l = matchToLabel.get(row.matchId);
    if (l === undefined) matchToLabel.set(row.matchId, group);
    else if (l !== group) problems.push(`${row.label}: groups ${l} and ${group} share match id ${row.matchId}`);
  }
  for (const label of Object.keys(expected)) if (!seen.has(label)) problems.push(`${label}: expected but no such row`);
  return problems;
}
