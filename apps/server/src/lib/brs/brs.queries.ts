import type { Db } from '@recon/db';

/** The reads of BRS configurations (decision 0038), shared by the calls and the downloads worker. */

export type BrsConfigRecord = {
  id: number;
  module_id: number;
  name: string;
  bank_data_source_id: number;
  books_data_source_id: number;
  bank: Record<string, unknown>;
  books: Record<string, unknown>;
  rules: Record<string, unknown>[];
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = [
  'id',
  'module_id',
  'name',
  'bank_data_source_id',
  'books_data_source_id',
  'bank',
  'books',
  'rules',
  'created_at',
  'updated_at',
] as const;

export async function brsConfigsOf(db: Db, moduleId: number): Promise<BrsConfigRecord[]> {
  return db
    .selectFrom('brs_config')
    .select(COLUMNS)
    .where('module_id', '=', moduleId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function brsConfigOf(db: Db, moduleId: number, id: number): Promise<BrsConfigRecord | undefined> {
  return db
    .selectFrom('brs_config')
    .select(COLUMNS)
    .where('module_id', '=', moduleId)
    .where('id', '=', id)
    .executeTakeFirst();
}
