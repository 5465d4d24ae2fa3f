import type { ValueKind } from './model.ts';

/** Bind parameters of one statement: every value a person typed goes here, with an explicit cast. */
export class Params {
  readonly values: unknown[] = [];
  private lastAlias = 0;
  add(value: unknown, cast: string): string {
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }
  /** A fresh alias for a sub-select of this statement. */
  alias(): string {
    this.lastAlias += 1;
    return `rc_x${this.lastAlias}`;
  }
}

export class ExprError extends Error {}

/**
 * A value expression. `cost` roughly counts the function calls it runs per row (0 for a column): an expression
 * a transform reads several times is computed once in a sub-select when it costs more than CHEAP_TO_REPEAT.
 */
export type Expr = { sql: string; kind: ValueKind; cost?: number };

export const CHEAP_TO_REPEAT = 3;
/** A sub-select per row costs about as much as a few string functions: counted as that, so chains stay flat. */
const SUBSELECT_COST = 4;

/**
 * `body` applied to `input`, which it reads `uses` times. PostgreSQL does not compute a repeated sub-expression
 * once, so an expensive input is computed in a sub-select (`OFFSET 0` keeps the planner from folding it back).
 */
export function reuse(
  params: Params,
  input: Expr,
  uses: number,
  ownCost: number,
  body: (value: string) => string,
): { sql: string; cost: number } {
  const inputCost = input.cost ?? 0;
  if (uses <= 1 || inputCost <= CHEAP_TO_REPEAT) return { sql: body(input.sql), cost: inputCost * uses + ownCost };
  const alias = params.alias();
  return {
    sql: `(SELECT ${body(`${alias}.v`)} FROM (SELECT ${input.sql} AS v OFFSET 0) ${alias})`,
    cost: inputCost + SUBSELECT_COST + ownCost,
  };
}
