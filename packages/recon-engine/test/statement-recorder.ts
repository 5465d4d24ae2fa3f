import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Queryable } from '../src/model.ts';

/**
 * Records every statement the engine sends through the `Queryable` it is given, as readable SQL: a golden case
 * writes them to test/golden/<case>/statements.sql so the SQL the engine generates is read in review, and the case
 * fails when its statements change without the file being updated (UPDATE_GOLDEN=1 rewrites it).
 *
 * Deterministic by construction: the harness numbers runs and rules itself, and the only value that varies between
 * databases — the match-id block bases `recon_match_ids(n)` answers — is written as `<match-id blocks k>`.
 */
export class StatementRecorder {
  private readonly lines: string[] = [];
  private heading = '';
  private count = 0;
  /** The JSON of each block array `recon_match_ids` answered, in order, → its placeholder. */
  private readonly blocks = new Map<string, string>();

  /** Starts a section (`step 2`, about `roll back run 1`); its statements are numbered from 1. */
  section(heading: string, about: string): void {
    this.heading = heading;
    this.count = 0;
    this.lines.push(`-- ==== ${heading}: ${about} ====`, '');
  }

  /** A `Queryable` that records, then forwards to `db`. */
  wrap(db: Queryable): Queryable {
    return {
      query: async (text, values) => {
        this.record(text, values ?? []);
        const result = await db.query(text, values);
        if (/\brecon_match_ids\(/.test(text)) {
          for (const row of result.rows) {
            for (const v of Object.values(row))
              this.blocks.set(JSON.stringify(v), `<match-id blocks ${this.blocks.size + 1}>`);
          }
        }
        return result;
      },
    };
  }

  private record(text: string, values: unknown[]): void {
    this.count += 1;
    this.lines.push(`-- ${this.heading}, statement ${this.count}`);
    values.forEach((v, i) => {
      this.lines.push(`-- $${i + 1} = ${this.show(v)}`);
    });
    this.lines.push(`${dedent(text)};`, '');
  }

  private show(value: unknown): string {
    const json = JSON.stringify(value) ?? 'undefined';
    return this.blocks.get(json) ?? json;
  }

  text(): string {
    return `${this.lines.join('\n').trimEnd()}\n`;
  }
}

/** Drops the indentation template literals give continuation lines, and trailing blanks. */
export function dedent(sql: string): string {
  const [first = '', ...rest] = sql.trim().split('\n');
  const indents = rest.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return [first.trimEnd(), ...rest.map((l) => `  ${l.slice(cut).trimEnd()}`)].filter((l) => l.trim() !== '').join('\n');
}

export const UPDATE_GOLDEN = process.env.UPDATE_GOLDEN === '1';

/**
 * The committed statements of a case against the recorded ones: with UPDATE_GOLDEN=1 the file is rewritten and
 * null answered; otherwise the committed text (or null when there is none yet, which the caller reports).
 */
export function committedStatements(file: string, recorded: string, update = UPDATE_GOLDEN): string | null {
  if (update) {
    writeFileSync(file, recorded);
    return recorded;
  }
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}
