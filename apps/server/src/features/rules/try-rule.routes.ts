import { tryRuleEndpoints as E, RULE_TEXTS, tryRuleRequestSchema } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import * as service from './try-rule.service.ts';

/** The body's first problem only, a missing or bad reconId worded as the save words it. */
function parseTryRuleBody(raw: unknown) {
  const parsed = tryRuleRequestSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || 'body';
  const message = field === 'reconId' ? RULE_TEXTS.reconRequired : (issue?.message ?? 'Invalid request');
  throw new AppError('VALIDATION', message, [{ field, defaultMessage: message }]);
}

/** POST /v2/rules/try: a rule as edited, unsaved, on picked rows. */
export function tryRuleRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerRoutes(app, [
      route(E.tryRule, (_input, req) => service.tryRule(ctx, moduleId(req), parseTryRuleBody(req.body))),
    ]);
  };
}
