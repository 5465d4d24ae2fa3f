import { PATHS } from '@/app/paths';
/** Paths of the master-data pages; a table's page has its id appended. */
export const MASTER_DATA_PATH = PATHS.masterData;
export const CREATE_MASTER_TABLE_PATH = `${MASTER_DATA_PATH}/create-master-data-table`;
export const masterTablePath = (id: number) => `${MASTER_DATA_PATH}/view-master-data/${id}`;
