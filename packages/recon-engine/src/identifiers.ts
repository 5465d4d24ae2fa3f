/**
 * Identifiers that come from admin data (table and column names) are validated and quoted here, and only
 * here, before they reach SQL. Values never go through this: they are always parameters.
 */
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export class InvalidIdentifierError extends Error {}

/** Accepts lower-case snake_case names of at most 63 bytes (PostgreSQL's limit); anything else is refused. */
export function assertIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) {
    throw new InvalidIdentifierError(
      `"${name}" is not a valid name: use lower-case letters, digits and _ (at most 63), starting with a letter or _`,
    );
  }
  return name;
}

/** A validated identifier, double-quoted for SQL. */
export function quoteIdent(name: string): string {
  return `"${assertIdentifier(name)}"`;
}
