export { type GoldenCase, loadGoldenCases } from './golden.ts';
export { assertIdentifier, InvalidIdentifierError, quoteIdent } from './identifiers.ts';
export * from './model.ts';
export { type Queryable, type RunContext, runRecon } from './run.ts';
export * from './journal.ts';
