import type { QueryClient } from '@tanstack/react-query';

/**
 * The query keys of the resources several areas read. Each resource has one root and every key of it starts
 * with that root, so a mutation that changes the resource invalidates the root and every screen showing it,
 * whichever area it belongs to, refetches. Params are whatever the area pages or filters by.
 */
const MODULES = ['modules'] as const;
const USERS = ['app-users'] as const;
const RECONS = ['recons'] as const;
const DATA_SOURCES = ['data-sources'] as const;
const PIPELINES = ['pipelines'] as const;
const DATA_TABLES = ['data-tables'] as const;
const JOBS = ['jobs'] as const;
const PRIVILEGES = ['privileges'] as const;
const ROLES = ['roles'] as const;
const FILES = ['file-history'] as const;
const NOTIFICATIONS = ['notifications'] as const;
const DASHBOARDS = ['dashboards'] as const;
/** The reports area keys its own reads under ['reports', moduleId, …] too: its changes refresh these. */
const REPORTS = ['reports'] as const;

export const readKeys = {
  /** Dashboards and dashlets of a module: the Dashboard pages, the dynamic menu and the jobs' approval pickers. */
  dashboards: {
    root: DASHBOARDS,
    list: (moduleId: number) => [...DASHBOARDS, moduleId, 'list'] as const,
    detail: (moduleId: number, id: number) => [...DASHBOARDS, moduleId, 'detail', id] as const,
    dashlets: (moduleId: number) => [...DASHBOARDS, moduleId, 'dashlets'] as const,
    figures: (moduleId: number, dashletId: number) => [...DASHBOARDS, moduleId, 'figures', dashletId] as const,
  },
  /** Report configs and groups of a module as pickers: the jobs' REPORT / REPORT_GROUP activities, REPORT dashlets. */
  reports: {
    root: REPORTS,
    options: (moduleId: number) => [...REPORTS, moduleId, 'job-options', 'reports'] as const,
    groupOptions: (moduleId: number) => [...REPORTS, moduleId, 'job-options', 'groups'] as const,
  },
  /** The signed-in user's alerts in a module: the shell's bell and My Jobs › Alerts. */
  notifications: {
    root: NOTIFICATIONS,
    bell: (moduleId: number) => [...NOTIFICATIONS, moduleId, 'bell'] as const,
    list: (moduleId: number, params: object) => [...NOTIFICATIONS, moduleId, 'list', params] as const,
  },
  /** Uploaded files of a module: File Upload history, its drawer, and the files waiting for their run. */
  files: {
    root: FILES,
    ofModule: (moduleId: number) => [...FILES, moduleId] as const,
  },
  /** Modules are not per module: the keys hold no module id. */
  modules: {
    root: MODULES,
    list: () => [...MODULES, 'all'] as const,
    assigned: () => [...MODULES, 'assigned'] as const,
    landing: () => [...MODULES, 'landing'] as const,
    detail: (id: number) => [...MODULES, 'detail', id] as const,
  },
  users: {
    root: USERS,
    list: (params: object) => [...USERS, 'list', params] as const,
    ofModule: (moduleName: string, search: string) => [...USERS, 'of-module', moduleName, search] as const,
    detail: (id: number) => [...USERS, 'detail', id] as const,
    ssoRequested: () => [...USERS, 'sso-requested'] as const,
  },
  recons: {
    root: RECONS,
    list: (moduleId: number, params: object) => [...RECONS, moduleId, 'list', params] as const,
    detail: (moduleId: number, id: number) => [...RECONS, moduleId, 'detail', id] as const,
    byModule: (moduleId: number) => [...RECONS, moduleId, 'by-module'] as const,
    /** The recons with their sides and columns, as the transactions pages read them. */
    withSides: (moduleId: number) => [...RECONS, moduleId, 'with-sides'] as const,
  },
  dataSources: {
    root: DATA_SOURCES,
    list: (moduleId: number, params: object) => [...DATA_SOURCES, moduleId, 'list', params] as const,
    detail: (moduleId: number, id: number) => [...DATA_SOURCES, moduleId, 'detail', id] as const,
    byRecon: (moduleId: number, reconId: number) => [...DATA_SOURCES, moduleId, 'by-recon', reconId] as const,
    byModule: (moduleId: number) => [...DATA_SOURCES, moduleId, 'by-module'] as const,
    elements: (moduleId: number, id: number) => [...DATA_SOURCES, moduleId, 'elements', id] as const,
    nameCheck: (moduleId: number, name: string, exceptId: number | null) =>
      [...DATA_SOURCES, moduleId, 'name-check', name, exceptId] as const,
  },
  pipelines: {
    root: PIPELINES,
    list: (moduleId: number) => [...PIPELINES, moduleId, 'all'] as const,
    detail: (moduleId: number, id: number) => [...PIPELINES, moduleId, 'one', id] as const,
    uploadConfig: (moduleId: number, id: number) => [...PIPELINES, moduleId, 'file-upload-config', id] as const,
  },
  /** Both kinds: DATA tables and MASTER (master data) tables. */
  dataTables: {
    root: DATA_TABLES,
    list: (moduleId: number, params: object) => [...DATA_TABLES, moduleId, 'list', params] as const,
    /** Every table at once for a picker; `variant` names the picker's own query (order, columns). */
    all: (moduleId: number, variant: string) => [...DATA_TABLES, moduleId, 'all', variant] as const,
    detail: (moduleId: number, id: number) => [...DATA_TABLES, moduleId, 'detail', id] as const,
    columns: (moduleId: number, table: string) => [...DATA_TABLES, moduleId, 'columns', table] as const,
    masterList: (moduleId: number, params: object) => [...DATA_TABLES, moduleId, 'master-list', params] as const,
    masterDetail: (moduleId: number, id: number) => [...DATA_TABLES, moduleId, 'master-detail', id] as const,
  },
  jobs: {
    root: JOBS,
    ofModule: (moduleId: number) => [...JOBS, moduleId] as const,
    fromAllModules: () => [...JOBS, 'all-modules'] as const,
  },
  /** The signed-in user's privilege codes. */
  privileges: {
    root: PRIVILEGES,
    ofUser: (userId: number, roles: string) => [...PRIVILEGES, userId, roles] as const,
  },
  roles: {
    root: ROLES,
    detail: (role: string) => [...ROLES, role] as const,
    all: () => [...ROLES, 'all'] as const,
  },
};

export type ReadResource = keyof typeof readKeys;

/**
 * After a mutation: every read of these resources is stale, and the ones on screen refetch. A mutation names each
 * resource whose answers it changes (a data source saved changes its recon's data source count too).
 */
export async function invalidateReads(queryClient: QueryClient, ...resources: readonly ReadResource[]): Promise<void> {
  await Promise.all(resources.map((resource) => queryClient.invalidateQueries({ queryKey: readKeys[resource].root })));
}
