import { endpoint, idParamsSchema } from './endpoint.ts';
import type { PrivilegeRule } from './privileges.ts';
import {
  CONDITION_PROBLEMS,
  RULE_TEXTS,
  ruleDetailSchema,
  ruleGroupSchema,
  rulesByReconResponseSchema,
  rulesQuerySchema,
  saveRuleRequestSchema,
  updateRuleGroupRequestSchema,
} from './rules.ts';

const READERS: PrivilegeRule = { anyOf: ['rules', 'viewRule', 'createEditRule'] };
const WRITERS: PrivilegeRule = { code: 'createEditRule' };
const base = { module: 'required', tags: ['Recon rules'] } as const;

const SAVE_DESCRIPTION = `Checked in this order, the first problem answered (400, or 404 for a recon outside the selected module): name, recon, rule type; the recon exists in the module and has side A and side B data sources; the name is free in the recon; then every condition in its order — elements present, the data sources are the recon's sides, columns are data elements of their data source (its table's columns when it has none), sides (element one on side A and element two on side B; one data source for SAME_SIDE_REVERSAL and LATE_REVERSAL), transforms fit the value kind (number, text, date) with their numbers, Sum / Average on numbers in matching conditions, the operator, both kinds agree, constants parse, tolerance ≥ 0 with Equal on numbers or dates — then the rule: a join key (Equal without tolerance), a knock-off filters one data source and matches nothing, a Sum / Average rule keys everything else, a partial reconciled rule aggregates. Messages about a condition read "Condition n: …" (e.g. "Condition 2: ${CONDITION_PROBLEMS.toleranceNeedsEqual}") with n after ordering. Conditions are stored in the spec's order (matching, primary filters, secondary filters), numbered from 1.`;

/** Recon rules and their order (spec 2 §7 "Recons and rules"). */
export const ruleEndpoints = {
  detail: endpoint({
    ...base,
    name: 'rules.detail',
    method: 'GET',
    path: '/v2/rules/:id',
    privilege: READERS,
    params: idParamsSchema,
    response: ruleDetailSchema,
    summary: 'One rule with its conditions (view-rule, edit-rule, copy-rule)',
  }),
  byRecon: endpoint({
    ...base,
    name: 'rules.byRecon',
    method: 'GET',
    path: '/v2/rules',
    discriminator: { name: 'Find', value: 'SelectedRuleByRecon' },
    privilege: READERS,
    query: rulesQuerySchema,
    response: rulesByReconResponseSchema,
    summary: "Find=SelectedRuleByRecon: a recon's rules in their order",
    description:
      "`Find=SelectedRuleByRecon&reconId=`: `{ data, ruleGroupId }` — the rules by sequence and the recon's rule group (null before its first rule). A recon outside the selected module answers 404.",
  }),
  create: endpoint({
    ...base,
    name: 'rules.create',
    method: 'POST',
    path: '/v2/rules',
    privilege: WRITERS,
    body: saveRuleRequestSchema,
    checksOwnBody: true,
    response: ruleDetailSchema,
    summary: "Create a rule (create-rule, copy-rule); it goes last in its recon's order",
    description: SAVE_DESCRIPTION,
  }),
  update: endpoint({
    ...base,
    name: 'rules.update',
    method: 'PUT',
    path: '/v2/rules',
    privilege: WRITERS,
    body: saveRuleRequestSchema,
    checksOwnBody: true,
    response: ruleDetailSchema,
    summary: 'Edit a rule (edit-rule), id in the body',
    description: `${SAVE_DESCRIPTION} A rule given another recon moves to the end of that recon's order.`,
  }),
  group: endpoint({
    ...base,
    name: 'rules.group',
    method: 'GET',
    path: '/v2/rulegroups/:id',
    privilege: READERS,
    params: idParamsSchema,
    response: ruleGroupSchema,
    summary: "A recon's rule group: its rules in order",
  }),
  updateGroup: endpoint({
    ...base,
    name: 'rules.updateGroup',
    method: 'PUT',
    path: '/v2/rulegroups',
    privilege: WRITERS,
    body: updateRuleGroupRequestSchema,
    response: ruleGroupSchema,
    summary: "Reorder a recon's rules and switch them on or off",
    description: `Every rule of the group exactly once, each with its new sequence and enabled flag; anything else answers 400 "${RULE_TEXTS.groupRulesMismatch}". Rules are renumbered 1..n by sequence (ties in list order). Answers the group.`,
  }),
} as const;
