export { type GoldenCase, loadGoldenCases } from './golden.ts';
export { assertIdentifier, InvalidIdentifierError, quoteIdent } from './identifiers.ts';
