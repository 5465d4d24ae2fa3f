import { PATHS } from '@/app/paths';
/** Paths of the recon-rules pages (spec 2); row actions append the id. */
export const RULES_PATH = PATHS.reconRules;
export const CREATE_RULE_PATH = `${RULES_PATH}/create-rule`;
export const viewRulePath = (id: number) => `${RULES_PATH}/view-rule/${id}`;
export const editRulePath = (id: number) => `${RULES_PATH}/edit-rule/${id}`;
export const copyRulePath = (id: number) => `${RULES_PATH}/copy-rule/${id}`;
/** The list (or the create page) with a recon chosen. */
export const withRecon = (path: string, reconId: number | undefined) => (reconId ? `${path}?reconId=${reconId}` : path);
