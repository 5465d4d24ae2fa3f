import { samlEndpoints as E } from '@recon/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { actorOf } from '@/lib/actor.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import * as saml from './saml.service.ts';

/** The browser route the ACS answers to: it hands the result to the sign-in page and closes (spec 1 §2). */
const CALLBACK_PATH = '/oauth/saml';

const meta = (r: FastifyRequest) => ({ ip: r.ip, requestId: r.id });

/** SAML registrations (Settings › integrations/saml-setup) and the assertion consumer service. */
export function samlRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The identity provider posts the HTTP-POST binding's form; only this plugin reads that media type.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    registerRoutes(app, [
      route(E.config, ({ query }) => saml.getConfig(ctx, query.registrationId)),
      route(E.list, () => saml.listConfigs(ctx)),
      route(E.create, ({ body }, req) => saml.createConfig(ctx, body, actorOf(req))),
      route(E.update, ({ params, body }, req) => saml.updateConfig(ctx, params.id, body, actorOf(req))),
      route(E.remove, ({ params }, req) => saml.deleteConfig(ctx, params.id, actorOf(req))),
      route(E.acs, async ({ params }, req, reply) => {
        const form = (req.body ?? {}) as Record<string, unknown>;
        const samlResponse = typeof form.SAMLResponse === 'string' ? form.SAMLResponse : undefined;
        const outcome = await saml.consumeResponse(ctx, params.registrationId, samlResponse, meta(req));
        const query = new URLSearchParams();
        for (const [k, v] of Object.entries(outcome)) if (v) query.set(k, v);
        await reply.redirect(`${ctx.config.publicUrl}${CALLBACK_PATH}?${query}`, 302);
        return { message: outcome.status };
      }),
    ]);
  };
}
