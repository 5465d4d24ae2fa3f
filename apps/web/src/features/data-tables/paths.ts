import { PATHS } from '@/app/paths';
/** Paths of the data-tables pages (spec 2: create-data-table; a table's page has its id appended). */
export const DATA_TABLES_PATH = PATHS.dataTables;
export const CREATE_DATA_TABLE_PATH = `${DATA_TABLES_PATH}/create-data-table`;
export const dataTablePath = (id: number) => `${DATA_TABLES_PATH}/view-data-table/${id}`;

/** Master tables are created with the same editor and then open in the master-data area. */
export const MASTER_DATA_PATH = PATHS.masterData;
export const masterTablePath = (id: number) => `${MASTER_DATA_PATH}/view-master-data/${id}`;
