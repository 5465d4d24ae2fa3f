import { lazy } from 'react';
import { PATHS } from '@/app/paths';
import type { PageRoute } from '@/app/routes/types';
import { withTexts } from '@/lib/area-texts';

const DataTablesPage = lazy(withTexts('operationsConfig', () => import('@/features/data-tables/data-tables-page')));
const CreateDataTablePage = lazy(
  withTexts('operationsConfig', () => import('@/features/data-tables/create-data-table-page')),
);
const DataTablePage = lazy(withTexts('operationsConfig', () => import('@/features/data-tables/data-table-page')));
// A master table is created with the data-tables editor (kind MASTER); its rows are edited in master data.
const CreateMasterTablePage = lazy(
  withTexts('operationsConfig', () =>
    import('@/features/data-tables/create-data-table-page').then((m) => ({ default: m.CreateMasterTablePage })),
  ),
);
const MasterDataPage = lazy(withTexts('operationsConfig', () => import('@/features/master-data/master-data-page')));
const MasterTablePage = lazy(withTexts('operationsConfig', () => import('@/features/master-data/master-table-page')));
const ReconsPage = lazy(withTexts('operationsConfig', () => import('@/features/recons/recons-page')));
const CreateReconPage = lazy(withTexts('operationsConfig', () => import('@/features/recons/create-recon-page')));
const EditReconPage = lazy(withTexts('operationsConfig', () => import('@/features/recons/edit-recon-page')));
const DataSourcesPage = lazy(withTexts('operationsConfig', () => import('@/features/data-sources/data-sources-page')));
const CreateDataSourcePage = lazy(
  withTexts('operationsConfig', () => import('@/features/data-sources/create-data-source-page')),
);
const EditDataSourcePage = lazy(
  withTexts('operationsConfig', () => import('@/features/data-sources/edit-data-source-page')),
);
const ViewDataSourcePage = lazy(
  withTexts('operationsConfig', () => import('@/features/data-sources/view-data-source-page')),
);
const DuplicateDataSourcePage = lazy(
  withTexts('operationsConfig', () => import('@/features/data-sources/duplicate-data-source-page')),
);
const RulesPage = lazy(withTexts('operationsConfig', () => import('@/features/rules/rules-page')));
const CreateRulePage = lazy(withTexts('operationsConfig', () => import('@/features/rules/create-rule-page')));
const EditRulePage = lazy(withTexts('operationsConfig', () => import('@/features/rules/edit-rule-page')));
const CopyRulePage = lazy(withTexts('operationsConfig', () => import('@/features/rules/copy-rule-page')));
const ViewRulePage = lazy(withTexts('operationsConfig', () => import('@/features/rules/view-rule-page')));

const DATA_TABLE_ADMIN = { code: 'viewAdminDataTable' } as const;
const MASTER_DATA = { code: 'masterData' } as const;
const RECON_WRITER = { code: 'recons' } as const;
const DATA_SOURCE_WRITER = { code: 'createEditDataSource' } as const;
const RULE_WRITER = { code: 'createEditRule' } as const;

/** Operations › Configuration: data tables, master data, recons, data sources (spec 2). */
export const OPERATIONS_CONFIG_PAGES: readonly PageRoute[] = [
  { path: PATHS.dataTables, component: DataTablesPage },
  { path: `${PATHS.dataTables}/create-data-table`, component: CreateDataTablePage, privilege: DATA_TABLE_ADMIN },
  { path: `${PATHS.dataTables}/view-data-table/:id`, component: DataTablePage, privilege: DATA_TABLE_ADMIN },
  { path: PATHS.masterData, component: MasterDataPage },
  { path: `${PATHS.masterData}/create-master-data-table`, component: CreateMasterTablePage, privilege: MASTER_DATA },
  { path: `${PATHS.masterData}/view-master-data/:id`, component: MasterTablePage, privilege: MASTER_DATA },
  { path: PATHS.recons, component: ReconsPage },
  { path: `${PATHS.recons}/create-recon`, component: CreateReconPage, privilege: RECON_WRITER },
  { path: `${PATHS.recons}/edit-recon/:id`, component: EditReconPage, privilege: RECON_WRITER },
  { path: PATHS.dataSources, component: DataSourcesPage },
  {
    path: `${PATHS.dataSources}/create-data-source`,
    component: CreateDataSourcePage,
    privilege: DATA_SOURCE_WRITER,
  },
  { path: `${PATHS.dataSources}/edit-data-source/:id`, component: EditDataSourcePage, privilege: DATA_SOURCE_WRITER },
  {
    path: `${PATHS.dataSources}/view-data-source/:id`,
    component: ViewDataSourcePage,
    privilege: { code: 'viewDataSource' },
  },
  {
    path: `${PATHS.dataSources}/duplicate-data-source/:dataSourceId/data-source-name/:name/recon-id/:reconId`,
    component: DuplicateDataSourcePage,
    privilege: DATA_SOURCE_WRITER,
  },
  { path: PATHS.reconRules, component: RulesPage },
  { path: `${PATHS.reconRules}/create-rule`, component: CreateRulePage, privilege: RULE_WRITER },
  { path: `${PATHS.reconRules}/edit-rule/:id`, component: EditRulePage, privilege: RULE_WRITER },
  { path: `${PATHS.reconRules}/copy-rule/:id`, component: CopyRulePage, privilege: RULE_WRITER },
  { path: `${PATHS.reconRules}/view-rule/:id`, component: ViewRulePage, privilege: { code: 'viewRule' } },
];
