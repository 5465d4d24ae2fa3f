import { PATHS } from '@/app/paths';
/** Paths of the data-sources pages (spec 2); row actions append the id. */
export const DATA_SOURCES_PATH = PATHS.dataSources;
export const CREATE_DATA_SOURCE_PATH = `${DATA_SOURCES_PATH}/create-data-source`;
export const editDataSourcePath = (id: number) => `${DATA_SOURCES_PATH}/edit-data-source/${id}`;
export const viewDataSourcePath = (id: number) => `${DATA_SOURCES_PATH}/view-data-source/${id}`;
export const duplicateDataSourcePath = (id: number, name: string, reconId: number) =>
  `${DATA_SOURCES_PATH}/duplicate-data-source/${id}/data-source-name/${encodeURIComponent(name)}/recon-id/${reconId}`;
