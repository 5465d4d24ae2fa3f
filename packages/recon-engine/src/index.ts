export * from './explain.ts';
export { type GoldenCase, loadGoldenCases } from './golden.ts';
export { assertIdentifier, InvalidIdentifierError, quoteIdent } from './identifiers.ts';
export * from './journal.ts';
export * from './model.ts';
export { type RunContext, runRecon } from './run.ts';
export { columnSql, type Expr, ExprError, Params } from './sql-expr.ts';
export * from './try-rule.ts';
