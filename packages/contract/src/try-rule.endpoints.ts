import { endpoint } from './endpoint.ts';
import type { PrivilegeRule } from './privileges.ts';
import { TRY_RULE_ROWS_MAX, tryRuleRequestSchema, tryRuleResponseSchema } from './try-rule.ts';

// Trying a rule shows rows and what the rule makes of them: whoever may view rules, as for reading a rule.
const READERS: PrivilegeRule = { anyOf: ['rules', 'viewRule', 'createEditRule'] };

/** "Try this rule" (issue 9 §B): a rule as edited, unsaved, on picked rows. */
export const tryRuleEndpoints = {
  tryRule: endpoint({
    name: 'tryRule.tryRule',
    method: 'POST',
    path: '/v2/rules/try',
    module: 'required',
    privilege: READERS,
    body: tryRuleRequestSchema,
    checksOwnBody: true,
    response: tryRuleResponseSchema,
    tags: ['Recon rules'],
    summary: 'Try a rule as edited on a few rows of each side (rule editor; not in the spec)',
    description: `Our extension (not in the spec): the rule editor's "Try this rule" panel. Body: \`{ reconId, rule, rowIdsA, rowIdsB }\` — \`rule\` in the save-rule request shape (its ruleType and conditions are used; name, description, id and enabled are ignored), at most ${TRY_RULE_ROWS_MAX} row ids a side. Checked as a save is, with the same 400 messages (recon in the selected module or 404, its sides, then every condition and the rule's shape; fields are prefixed \`rule.\`). Answers every enabled condition's elements with their transformed values per picked row, each row's status and primary filters, and each condition's verdict per pair (side A row, side B row); for a rule with Sum or Average the picked rows of the side that adds up are one group, with its total and the difference; same-side rules pair two picked rows of their side; a knock off has no pairs. The expressions are the engine's own. Read-only: it runs in a read-only transaction that is rolled back.`,
  }),
} as const;
