import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing.ts';

/**
 * The Kysely `Database` type is written by hand; this test holds it to the migrated schema. Types do not exist at
 * run time, so the TypeScript compiler reads the type from schema.ts, and the migrated test database (the template
 * every test file clones, made by running every migration) answers from information_schema.
 */

/** What a column yields to a query, reduced to what both sides can say. */
type Family =
  | 'string'
  | 'number'
  | 'boolean'
  | 'date'
  | 'json'
  | 'bytes'
  | `${'array of' | 'mixed' | 'other'} ${string}`;
/** `values`: the only strings the column takes (a CHECK `IN (…)` in SQL, a union of literals in TypeScript). */
type Column = { nullable: boolean; family: Family; values?: string[] };
type Tables = Map<string, Map<string, Column>>;

/**
 * Tables in the database that `Database` leaves out on purpose. The schemas `recon_data` (each admin-made table,
 * its `_history` and `_invalid` twins, each data source's `ds<id>_state`, all made at run time by
 * `lib/data-tables/ddl.ts`: their columns are the admin's, so queries reach them by raw SQL) and `pgboss` (pg-boss
 * makes and migrates its own) are not read at all.
 */
const TABLES_NOT_DECLARED = new Set([
  // migrate.ts's own bookkeeping, read and written only by migrate.ts in plain SQL.
  'schema_migration',
]);
const SCHEMAS_NOT_DECLARED = ['recon_data', 'pgboss', 'pg_catalog', 'information_schema'];

/** PostgreSQL type → what node-postgres hands over with createPool's parsers (int8 → number, numeric stays text). */
const FAMILY_BY_PG_TYPE: Record<string, Family> = {
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  inet: 'string',
  uuid: 'string',
  numeric: 'string',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  bool: 'boolean',
  timestamptz: 'date',
  timestamp: 'date',
  // node-postgres parses date (OID 1082) into a Date too; only a to_char in the query makes it a string.
  date: 'date',
  json: 'json',
  jsonb: 'json',
  bytea: 'bytes',
};

function familyOfPgType(udtName: string): Family {
  if (udtName.startsWith('_')) return `array of ${familyOfPgType(udtName.slice(1))}`;
  return FAMILY_BY_PG_TYPE[udtName] ?? `other ${udtName}`;
}

/** A json column may be declared as any object or array shape. */
function isSameFamily(declared: Family, actual: Family): boolean {
  if (actual === 'json') return declared === 'json' || declared.startsWith('array of');
  return declared === actual;
}

async function readDatabaseTables(t: TestDatabase): Promise<Tables> {
  const { rows } = await t.pool.query<{
    table_schema: string;
    table_name: string;
    column_name: string;
    is_nullable: 'YES' | 'NO';
    udt_name: string;
  }>(
    `SELECT table_schema, table_name, column_name, is_nullable, udt_name FROM information_schema.columns
     WHERE NOT (table_schema = ANY($1)) AND table_schema NOT LIKE 'pg\\_%' ORDER BY table_name, ordinal_position`,
    [SCHEMAS_NOT_DECLARED],
  );
  const values = await readAllowedValues(t);
  const tables: Tables = new Map();
  for (const r of rows) {
    const name = r.table_schema === 'public' ? r.table_name : `${r.table_schema}.${r.table_name}`;
    if (TABLES_NOT_DECLARED.has(name)) continue;
    const columns = tables.get(name) ?? new Map<string, Column>();
    columns.set(r.column_name, {
      nullable: r.is_nullable === 'YES',
      family: familyOfPgType(r.udt_name),
      values: values.get(`${name}.${r.column_name}`),
    });
    tables.set(name, columns);
  }
  return tables;
}

/** `table.column` → the strings its one-column CHECK (column IN ('A', 'B')) allows, sorted. */
async function readAllowedValues(t: TestDatabase): Promise<Map<string, string[]>> {
  const { rows } = await t.pool.query<{ table_name: string; definition: string }>(
    `SELECT c.conrelid::regclass::text AS table_name, pg_get_constraintdef(c.oid) AS definition
     FROM pg_constraint c WHERE c.contype = 'c' AND cardinality(c.conkey) = 1`,
  );
  const values = new Map<string, string[]>();
  for (const r of rows) {
    // PostgreSQL prints IN (…) as: CHECK ((status = ANY (ARRAY['A'::text, 'B'::text])))
    const match = /^CHECK \(\((\w+) = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(r.definition);
    if (!match?.[1] || !match[2]) continue;
    const allowed = [...match[2].matchAll(/'([^']*)'::text/g)].map((m) => m[1] ?? '');
    values.set(`${r.table_name}.${match[1]}`, allowed.sort());
  }
  return values;
}

/** The tables and columns of the `Database` type of schema.ts, as the compiler resolves them. */
function readDeclaredTables(): Tables {
  const schemaFile = join(dirname(fileURLToPath(import.meta.url)), 'schema.ts');
  const configFile = ts.findConfigFile(dirname(schemaFile), ts.sys.fileExists);
  if (!configFile) throw new Error('no tsconfig.json above schema.ts');
  const config = ts.parseJsonConfigFileContent(
    ts.readConfigFile(configFile, ts.sys.readFile).config,
    ts.sys,
    dirname(configFile),
  );
  const program = ts.createProgram([schemaFile], config.options);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(schemaFile);
  const alias = source?.statements.find(
    (s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'Database',
  );
  if (!alias) throw new Error('schema.ts declares no type Database');

  const familyOf = (type: ts.Type): Family => {
    const parts = type.isUnion() ? type.types : [type];
    const families = new Set<Family>();
    for (const part of parts) {
      if (part.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)) continue;
      if (part.flags & ts.TypeFlags.StringLike) families.add('string');
      else if (part.flags & ts.TypeFlags.NumberLike) families.add('number');
      else if (part.flags & ts.TypeFlags.BooleanLike) families.add('boolean');
      else if (part.getSymbol()?.name === 'Date') families.add('date');
      else if (part.getSymbol()?.name === 'Buffer') families.add('bytes');
      else if (checker.isArrayType(part)) {
        const [element] = checker.getTypeArguments(part as ts.TypeReference);
        families.add(element ? `array of ${familyOf(element)}` : 'array of unknown');
      } else families.add('json');
    }
    return families.size === 1 ? ([...families][0] as Family) : `mixed ${[...families].join(' | ')}`;
  };

  const tables: Tables = new Map();
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(alias.name))) {
    const columns = new Map<string, Column>();
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbol(table))) {
      const declared = checker.getTypeOfSymbol(column);
      // Kysely's ColumnType and Generated are { __select__, __insert__, __update__ }: a row read yields __select__.
      const select = declared.getProperty('__select__');
      const type = select ? checker.getTypeOfSymbol(select) : declared;
      const parts = (type.isUnion() ? type.types : [type]).filter((p) => !(p.flags & ts.TypeFlags.Null));
      const literals = parts.every((p) => p.isStringLiteral())
        ? parts.map((p) => (p as ts.StringLiteralType).value).sort()
        : undefined;
      columns.set(column.name, {
        nullable: parts.length < (type.isUnion() ? type.types.length : 1),
        family: familyOf(type),
        values: literals,
      });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

/** Every difference, one line each: `table.column: declared …, migrated …`. */
function differences(declared: Tables, actual: Tables): string[] {
  const found: string[] = [];
  for (const [table, columns] of declared) {
    const migrated = actual.get(table);
    if (!migrated) {
      found.push(`${table}: declared, but no migration makes it`);
      continue;
    }
    for (const [name, column] of columns) {
      const real = migrated.get(name);
      if (!real) found.push(`${table}.${name}: declared, but the table has no such column`);
      else {
        if (column.nullable !== real.nullable)
          found.push(`${table}.${name}: declared ${column.nullable ? '' : 'not '}nullable, migrated the other way`);
        if (!isSameFamily(column.family, real.family))
          found.push(`${table}.${name}: declared ${column.family}, migrated ${real.family}`);
        // A plain string over a CHECKed column is only looser; a union of literals must list what the CHECK allows.
        if (column.values && String(column.values) !== String(real.values ?? []))
          found.push(
            `${table}.${name}: declared ${column.values.join('|')}, CHECK allows ${real.values?.join('|') ?? 'any text'}`,
          );
      }
    }
    for (const name of migrated.keys())
      if (!columns.has(name)) found.push(`${table}.${name}: migrated, but Database does not declare it`);
  }
  for (const table of actual.keys())
    if (!declared.has(table)) found.push(`${table}: migrated, but Database does not declare it`);
  return found;
}

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe('the Database type of schema.ts', () => {
  it('declares every migrated table and column with its nullability and type family, and nothing else', async () => {
    const declared = readDeclaredTables();
    expect(declared.size).toBeGreaterThan(30);
    expect(differences(declared, await readDatabaseTables(t))).toEqual([]);
  });
});
