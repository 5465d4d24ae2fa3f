import { PATHS } from '@/app/paths';
/** Paths of the recons pages (spec 2: create-recon, edit-recon with the id appended). */
export const RECONS_PATH = PATHS.recons;
export const CREATE_RECON_PATH = `${RECONS_PATH}/create-recon`;
export const editReconPath = (id: number) => `${RECONS_PATH}/edit-recon/${id}`;

/** The data-sources pages a recon links to. */
const DATA_SOURCES_PATH = PATHS.dataSources;
export const viewDataSourcePath = (id: number) => `${DATA_SOURCES_PATH}/view-data-source/${id}`;
export const createDataSourceForReconPath = (reconId: number) =>
  `${DATA_SOURCES_PATH}/create-data-source?reconId=${reconId}`;
