import {
  CONDITION_PROBLEMS,
  firstRuleHeadProblem,
  type PrivilegeRule,
  RULE_TEXTS,
  ruleDetailSchema,
  ruleGroupSchema,
  rulesByReconResponseSchema,
  rulesQuerySchema,
  type SaveRuleRequest,
  saveRuleRequestSchema,
  updateRuleGroupRequestSchema,
} from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import * as groups from './rule-groups.service.ts';
import * as service from './rules.service.ts';

const TAG = ['Recon rules'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const READERS: PrivilegeRule = { anyOf: ['rules', 'viewRule', 'createEditRule'] };
const WRITERS: PrivilegeRule = { code: 'createEditRule' };

const refuse = (field: string, message: string) =>
  new AppError('VALIDATION', message, [{ field, defaultMessage: message }]);

/**
 * A save body, checked in the editor's order and answered with the first problem only: name, recon, rule type,
 * then the shape of the conditions. (Fastify's validation is attached, not thrown, so its order does not win.)
 */
function parseSaveBody(raw: unknown): SaveRuleRequest {
  const head = firstRuleHeadProblem(raw);
  if (head) throw refuse(head.field, head.message);
  const parsed = saveRuleRequestSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw refuse(issue?.path.join('.') || 'body', issue?.message ?? 'Invalid request');
}

const SAVE_DESCRIPTION = `Checked in this order, the first problem answered (400, or 404 for a recon outside the selected module): name, recon, rule type; the recon exists in the module and has side A and side B data sources; the name is free in the recon; then every condition in its order — elements present, the data sources are the recon's sides, columns are data elements of their data source (its table's columns when it has none), sides (element one on side A and element two on side B; one data source for SAME_SIDE_REVERSAL and LATE_REVERSAL), transforms fit the value kind (number, text, date) with their numbers, Sum / Average on numbers in matching conditions, the operator, both kinds agree, constants parse, tolerance ≥ 0 with Equal on numbers or dates — then the rule: a join key (Equal without tolerance), a knock-off filters one data source and matches nothing, a Sum / Average rule keys everything else, a partial reconciled rule aggregates. Messages about a condition read "Condition n: …" (e.g. "Condition 2: ${CONDITION_PROBLEMS.toleranceNeedsEqual}") with n after ordering. Conditions are stored in the spec's order (matching, primary filters, secondary filters), numbered from 1.`;

/** Recon rules and their order (spec 2 §7 "Recons and rules"). */
export function ruleRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/rules/:id',
      {
        config: { module: 'required', privilege: READERS },
        schema: {
          tags: TAG,
          summary: 'One rule with its conditions (view-rule, edit-rule, copy-rule)',
          params: idParams,
          response: { 200: ruleDetailSchema },
        },
      },
      (req) => service.getRuleDetail(ctx, moduleId(req), req.params.id),
    );

    app.get(
      '/v2/rules',
      {
        config: { module: 'required', privilege: READERS },
        schema: {
          tags: TAG,
          summary: "Find=SelectedRuleByRecon: a recon's rules in their order",
          description:
            "`Find=SelectedRuleByRecon&reconId=`: `{ data, ruleGroupId }` — the rules by sequence and the recon's rule group (null before its first rule). A recon outside the selected module answers 404.",
          querystring: rulesQuerySchema,
          response: { 200: rulesByReconResponseSchema },
        },
      },
      (req) => service.rulesOfRecon(ctx, moduleId(req), req.query.reconId),
    );

    app.post(
      '/v2/rules',
      {
        attachValidation: true,
        config: { module: 'required', privilege: WRITERS },
        schema: {
          tags: TAG,
          summary: "Create a rule (create-rule, copy-rule); it goes last in its recon's order",
          description: SAVE_DESCRIPTION,
          body: saveRuleRequestSchema,
          response: { 200: ruleDetailSchema },
        },
      },
      (req) => service.createRule(ctx, moduleActorOf(req), parseSaveBody(req.body)),
    );

    app.put(
      '/v2/rules',
      {
        attachValidation: true,
        config: { module: 'required', privilege: WRITERS },
        schema: {
          tags: TAG,
          summary: 'Edit a rule (edit-rule), id in the body',
          description: `${SAVE_DESCRIPTION} A rule given another recon moves to the end of that recon's order.`,
          body: saveRuleRequestSchema,
          response: { 200: ruleDetailSchema },
        },
      },
      (req) => {
        const body = parseSaveBody(req.body);
        if (body.id === undefined) throw refuse('id', RULE_TEXTS.idRequired);
        return service.updateRule(ctx, moduleActorOf(req), body.id, body);
      },
    );

    app.get(
      '/v2/rulegroups/:id',
      {
        config: { module: 'required', privilege: READERS },
        schema: {
          tags: TAG,
          summary: "A recon's rule group: its rules in order",
          params: idParams,
          response: { 200: ruleGroupSchema },
        },
      },
      (req) => groups.getRuleGroup(ctx, moduleId(req), req.params.id),
    );

    app.put(
      '/v2/rulegroups',
      {
        config: { module: 'required', privilege: WRITERS },
        schema: {
          tags: TAG,
          summary: "Reorder a recon's rules and switch them on or off",
          description: `Every rule of the group exactly once, each with its new sequence and enabled flag; anything else answers 400 "${RULE_TEXTS.groupRulesMismatch}". Rules are renumbered 1..n by sequence (ties in list order). Answers the group.`,
          body: updateRuleGroupRequestSchema,
          response: { 200: ruleGroupSchema },
        },
      },
      (req) => groups.updateRuleGroup(ctx, moduleActorOf(req), req.body),
    );
  };
}
