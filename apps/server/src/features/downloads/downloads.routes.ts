import { downloadEndpoints as E, type EndpointInput } from '@recon/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { contentDisposition } from '@/lib/content-disposition.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { moduleActorOf, selectedModuleId } from '@/lib/module-actor.ts';
import * as service from './downloads.service.ts';

type Input<K extends keyof typeof E> = EndpointInput<(typeof E)[K]>;

/** GET v2/dashletdownloads: the caller's own requests, narrowed to the types their privileges show. */
function listDownloads(ctx: FeatureContext, { query }: Input<'list'>, req: FastifyRequest) {
  const principal = req.requirePrincipal();
  return service.listDownloads(
    ctx,
    { moduleId: selectedModuleId(req), userId: principal.userId, privileges: principal.privileges },
    query,
    (rule) => req.requirePrivilege(rule),
  );
}

/** GET v2/dashletdownloads/downloadInitiate/{id}: a one-time token for the caller's own ready request. */
function initiateDownload(ctx: FeatureContext, { params }: Input<'initiate'>, req: FastifyRequest) {
  return service.initiateDownload(
    ctx,
    { moduleId: selectedModuleId(req), userId: req.requirePrincipal().userId },
    params.id,
    (rule) => req.requirePrivilege(rule),
  );
}

/** GET v2/dashletdownloads/download?token=: the file as an attachment, never cached. */
async function sendDownloadFile(
  ctx: FeatureContext,
  { query }: Input<'file'>,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const file = await service.serveDownload(ctx, query.token, { ip: req.ip, requestId: req.id });
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .send(file.stream);
}

/** Exports and the Downloads area (spec 2 §2, §3, §7; issue 4). */
export function downloadRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.create, ({ body }, req) =>
        service.requestDownload(ctx, moduleActorOf(req), body, (rule) => req.requirePrivilege(rule)),
      ),
      route(E.list, (input, req) => listDownloads(ctx, input, req)),
      route(E.initiate, (input, req) => initiateDownload(ctx, input, req)),
      route(E.file, (input, req, reply) => sendDownloadFile(ctx, input, req, reply)),
    ]);
}
