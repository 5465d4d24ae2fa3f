import {
  ruleEndpoints as E,
  firstRuleHeadProblem,
  RULE_TEXTS,
  type SaveRuleRequest,
  saveRuleRequestSchema,
} from '@recon/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import * as groups from './rule-groups.service.ts';
import * as service from './rules.service.ts';

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

/** PUT v2/rules: an edit whose body carries the id. */
function updateRule(ctx: FeatureContext, req: FastifyRequest) {
  const body = parseSaveBody(req.body);
  if (body.id === undefined) throw refuse('id', RULE_TEXTS.idRequired);
  return service.updateRule(ctx, moduleActorOf(req), body.id, body);
}

/** Recon rules and their order (spec 2 §7 "Recons and rules"). */
export function ruleRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerRoutes(app, [
      route(E.detail, ({ params }, req) => service.getRuleDetail(ctx, moduleId(req), params.id)),
      route(E.byRecon, ({ query }, req) => service.rulesOfRecon(ctx, moduleId(req), query.reconId)),
      route(E.create, (_input, req) => service.createRule(ctx, moduleActorOf(req), parseSaveBody(req.body))),
      route(E.update, (_input, req) => updateRule(ctx, req)),
      route(E.group, ({ params }, req) => groups.getRuleGroup(ctx, moduleId(req), params.id)),
      route(E.updateGroup, ({ body }, req) => groups.updateRuleGroup(ctx, moduleActorOf(req), body)),
    ]);
  };
}
