import {
  dashboardLayoutBodySchema,
  dashboardSaveSchema,
  dashboardSchema,
  dashboardsResponseSchema,
  dashletFiguresSchema,
  dashletSaveSchema,
  dashletSchema,
  dashletsResponseSchema,
} from './dashboards.ts';
import { endpoint, idParamsSchema } from './endpoint.ts';
import { messageBodySchema } from './errors.ts';

const VIEWERS = { anyOf: ['dashboards', 'dashletConfig', 'dashboardConfig'] } as const;
const DASHLET_EDITORS = { code: 'dashletConfig' } as const;
const DASHBOARD_EDITORS = { code: 'dashboardConfig' } as const;
const base = { module: 'required', tags: ['Dashboards'] } as const;
const DASHLETS = '/v2/dashlets';
const DASHBOARDS = '/v2/dashboards';
const FIGURES =
  'Figures of the module as they stand now (UTC day). Open: loaded UNRECONCILED and not closed (matched, knocked off…) in the recon; a row’s day is its data source’s first date column, else when it was loaded. Money is exact text with 2 decimals, summed over the data source’s first money column.';

/** Dashboards and dashlets (spec 1 Dashboard; decision 0037): our design, the spec shows no calls of its own. */
export const dashboardEndpoints = {
  dashlets: endpoint({
    ...base,
    privilege: VIEWERS,
    name: 'dashboards.dashlets',
    method: 'GET',
    path: DASHLETS,
    response: dashletsResponseSchema,
    summary: "The module's dashlets",
  }),
  createDashlet: endpoint({
    ...base,
    privilege: DASHLET_EDITORS,
    name: 'dashboards.createDashlet',
    method: 'POST',
    path: DASHLETS,
    body: dashletSaveSchema,
    response: dashletSchema,
    summary: 'Create a dashlet',
    description:
      'Kinds: MATCH_RATE, OPEN_BY_AGE, TREND (matched vs open per day), TOP_BREAKS (open rows grouped by `parameters.column` of `parameters.dataSourceId`), RUNS (job executions per day). All but RUNS need `reconId`.',
  }),
  preview: endpoint({
    ...base,
    privilege: DASHLET_EDITORS,
    name: 'dashboards.preview',
    method: 'POST',
    path: `${DASHLETS}/preview`,
    body: dashletSaveSchema,
    response: dashletFiguresSchema,
    summary: 'The figures a dashlet would show, without saving it (the editor’s live preview)',
    description: FIGURES,
  }),
  dashlet: endpoint({
    ...base,
    privilege: VIEWERS,
    name: 'dashboards.dashlet',
    method: 'GET',
    path: `${DASHLETS}/:id`,
    params: idParamsSchema,
    response: dashletSchema,
    summary: 'One dashlet',
  }),
  updateDashlet: endpoint({
    ...base,
    privilege: DASHLET_EDITORS,
    name: 'dashboards.updateDashlet',
    method: 'PUT',
    path: `${DASHLETS}/:id`,
    params: idParamsSchema,
    body: dashletSaveSchema,
    response: dashletSchema,
    summary: 'Update a dashlet',
  }),
  deleteDashlet: endpoint({
    ...base,
    privilege: DASHLET_EDITORS,
    name: 'dashboards.deleteDashlet',
    method: 'DELETE',
    path: `${DASHLETS}/:id`,
    params: idParamsSchema,
    response: messageBodySchema,
    summary: 'Delete a dashlet (refused while a dashboard shows it)',
  }),
  figures: endpoint({
    ...base,
    privilege: VIEWERS,
    name: 'dashboards.figures',
    method: 'GET',
    path: `${DASHLETS}/:id/data`,
    params: idParamsSchema,
    response: dashletFiguresSchema,
    summary: 'A dashlet’s figures',
    description: FIGURES,
  }),
  dashboards: endpoint({
    ...base,
    privilege: VIEWERS,
    name: 'dashboards.list',
    method: 'GET',
    path: DASHBOARDS,
    response: dashboardsResponseSchema,
    summary: "The module's dashboards (the dynamic Dashboard menu)",
    description:
      'A module with no dashboard gets its default one first (Recon health: match rate, open by age and trend of its recons, and its runs), so the first menu entry is a real page.',
  }),
  createDashboard: endpoint({
    ...base,
    privilege: DASHBOARD_EDITORS,
    name: 'dashboards.create',
    method: 'POST',
    path: DASHBOARDS,
    body: dashboardSaveSchema,
    response: dashboardSchema,
    summary: 'Create a dashboard from dashlets of the module placed on a 12-column grid',
  }),
  dashboard: endpoint({
    ...base,
    privilege: VIEWERS,
    name: 'dashboards.get',
    method: 'GET',
    path: `${DASHBOARDS}/:id`,
    params: idParamsSchema,
    response: dashboardSchema,
    summary: 'One dashboard with its dashlets and their places',
  }),
  updateDashboard: endpoint({
    ...base,
    privilege: DASHBOARD_EDITORS,
    name: 'dashboards.update',
    method: 'PUT',
    path: `${DASHBOARDS}/:id`,
    params: idParamsSchema,
    body: dashboardSaveSchema,
    response: dashboardSchema,
    summary: 'Rename a dashboard and set its dashlets',
  }),
  saveLayout: endpoint({
    ...base,
    privilege: DASHBOARD_EDITORS,
    name: 'dashboards.saveLayout',
    method: 'PUT',
    path: `${DASHBOARDS}/:id/layout`,
    params: idParamsSchema,
    body: dashboardLayoutBodySchema,
    response: dashboardSchema,
    summary: 'Keep where the dashlets of a dashboard sit after a drag or a resize',
  }),
  deleteDashboard: endpoint({
    ...base,
    privilege: DASHBOARD_EDITORS,
    name: 'dashboards.delete',
    method: 'DELETE',
    path: `${DASHBOARDS}/:id`,
    params: idParamsSchema,
    response: messageBodySchema,
    summary: 'Delete a dashboard (its dashlets stay)',
  }),
} as const;
