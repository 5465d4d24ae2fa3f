/**
 * The texts the spec fixes, one import for the web: `@recon/contract/texts`. Each constant stays beside its
 * area's schemas; importing from here keeps a page's import list free of the whole contract index.
 */
export { APPROVAL_RIGHT_TEXTS } from './approval-rights.ts';
export { APPROVAL_TEXTS } from './approvals.ts';
export { UNASSIGNED_TEXTS } from './auth.ts';
export { DATA_SOURCE_FORM_TEXTS } from './data-source-form.ts';
export { DATA_SOURCE_TEXTS } from './data-sources.ts';
export { DATA_TABLE_TEXTS } from './data-tables.ts';
export { DOWNLOAD_TEXTS } from './downloads.ts';
export { FILE_TEXTS } from './files.ts';
export { INTEGRATION_TEXTS } from './integrations.ts';
export { JOB_EXECUTION_TEXTS } from './job-executions.ts';
export { JOB_TEXTS } from './jobs.ts';
export { PARALLEL_JOB_CONFIG_TEXTS } from './jobs-parallel.ts';
export { JOB_CRON_TEXTS, JOB_RUN_TEXTS } from './jobs-run.ts';
export { JOB_SETTINGS_TEXTS } from './jobs-settings.ts';
export { MASTER_DATA_TEXTS } from './master-data.ts';
export { MODULE_TEXTS } from './modules.ts';
export { NOTIFICATION_TEXTS } from './notifications.ts';
export { PIPELINE_TEXTS } from './pipelines.ts';
export { RECON_RUN_TEXTS } from './recon-runs.ts';
export { RECON_TEXTS } from './recons.ts';
export { ROLLBACK_DEPENDENCY_REASON_TEXTS, ROLLBACK_TEXTS } from './rollbacks.ts';
export { RULE_TEXTS } from './rules.ts';
export { TRANSACTION_ACTION_TEXTS } from './transaction-actions.ts';
export { TRANSACTION_TEXTS } from './transactions.ts';
export { TRY_RULE_TEXTS } from './try-rule.ts';
export { USER_TEXTS } from './users.ts';
