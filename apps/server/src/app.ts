import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { RELEASE_LABEL } from '@recon/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps, FeatureContext } from '@/deps.ts';
import { approvalRightRoutes } from '@/features/approval-rights/approval-rights.routes.ts';
import { approvalRoutes } from '@/features/approvals/approvals.routes.ts';
import { auditLogRoutes } from '@/features/audit-logs/audit-logs.routes.ts';
import { authRoutes } from '@/features/auth/auth.routes.ts';
import { authConfigRoutes } from '@/features/auth/auth-config.routes.ts';
import { ldapRoutes } from '@/features/auth/ldap.routes.ts';
import { samlRoutes } from '@/features/auth/saml.routes.ts';
import { userTotpRoutes } from '@/features/auth/totp.routes.ts';
import { brsRoutes } from '@/features/brs/brs.routes.ts';
import { dashboardRoutes } from '@/features/dashboards/dashboards.routes.ts';
import { dataSourceRoutes } from '@/features/data-sources/data-sources.routes.ts';
import { dataTableRoutes } from '@/features/data-tables/data-tables.routes.ts';
import { departmentRoutes } from '@/features/departments/departments.routes.ts';
import { downloadRoutes } from '@/features/downloads/downloads.routes.ts';
import { explainRoutes } from '@/features/explain/explain.routes.ts';
import { fileRoutes } from '@/features/files/files.routes.ts';
import { glRoutes } from '@/features/gl/gl.routes.ts';
import { integrationRoutes } from '@/features/integrations/integrations.routes.ts';
import { jobExecutionRoutes } from '@/features/job-executions/job-executions.routes.ts';
import { jobRoutes } from '@/features/jobs/jobs.routes.ts';
import { masterDataRoutes } from '@/features/master-data/master-data.routes.ts';
import { moduleRoutes } from '@/features/modules/modules.routes.ts';
import { notificationRoutes } from '@/features/notifications/notifications.routes.ts';
import { oauthIntegrationRoutes } from '@/features/oauth-integrations/oauth-integrations.routes.ts';
import { parallelJobConfigRoutes } from '@/features/parallel-job-configs/parallel-job-configs.routes.ts';
import { pipelineRowRoutes } from '@/features/pipeline-rows/pipeline-rows.routes.ts';
import { pipelineRoutes } from '@/features/pipelines/pipelines.routes.ts';
import { reconRunRoutes } from '@/features/recon-runs/recon-runs.routes.ts';
import { reconRoutes } from '@/features/recons/recons.routes.ts';
import { reportRoutes } from '@/features/reports/reports.routes.ts';
import { roleRoutes } from '@/features/roles/roles.routes.ts';
import { rollbackRoutes } from '@/features/rollbacks/rollbacks.routes.ts';
import { ruleRoutes } from '@/features/rules/rules.routes.ts';
import { tryRuleRoutes } from '@/features/rules/try-rule.routes.ts';
import { settingRoutes } from '@/features/settings/settings.routes.ts';
import { autoTicketRoutes } from '@/features/tickets/auto-ticketing.routes.ts';
import { ticketSlaRoutes } from '@/features/tickets/sla.routes.ts';
import { ticketEmailRoutes } from '@/features/tickets/ticket-email.routes.ts';
import { ticketRoutes } from '@/features/tickets/tickets.routes.ts';
import { transactionRoutes } from '@/features/transactions/transactions.routes.ts';
import { userRoutes } from '@/features/users/users.routes.ts';
import { AppError } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import { createOutboxNotifier } from '@/lib/notifier.ts';
import { createPrincipalStore } from '@/lib/principal.ts';
import { createSecretBox } from '@/lib/secrets.ts';
import { createTokenService } from '@/lib/tokens.ts';
import { registerAuthGuard } from '@/plugins/auth-guard.ts';
import { registerErrorHandler } from '@/plugins/error-handler.ts';
import { registerNoStore, registerSecurityHeaders } from '@/plugins/security-headers.ts';

export const API_PREFIX = '/web';

/** Builds the HTTP app. No side effects: no listen, no migrations, no timers (main.ts owns the process). */
export async function buildApp(deps: AppDeps, options: { logger?: boolean | object } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: deps.config.logLevel },
    bodyLimit: deps.config.bodyLimitBytes,
    trustProxy: deps.config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const ctx: FeatureContext = {
    config: deps.config,
    db: deps.db,
    notifier:
      deps.notifier ?? createOutboxNotifier(app.log, { smtpUrl: deps.config.smtpUrl, mailFrom: deps.config.mailFrom }),
    now: deps.now ?? (() => new Date()),
    tokens: createTokenService(deps.config.jwtSecret, deps.config.accessTokenTtlSeconds),
    principals: createPrincipalStore(deps.db),
    secrets: createSecretBox(deps.config.secretsKey, deps.config.secretsPreviousKeys),
  };

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Recon platform API',
        version: RELEASE_LABEL,
        description:
          'Every call of the specification, at its exact path. Query discriminators (`Find=`, `Operation=`) select one behaviour of a path; each is listed in the operation description and its query enum.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await registerSecurityHeaders(app, { https: deps.config.publicUrl.startsWith('https:') });
  if (deps.config.apiDocs) {
    // Swagger UI's page needs its own inline script: the plugin adds that script's hash to our policy.
    await app.register(fastifySwaggerUi, {
      routePrefix: `${API_PREFIX}/docs`,
      uiConfig: { docExpansion: 'list' },
      staticCSP: true,
    });
  }
  await app.register(fastifyCompress, { global: true, threshold: 1024 });

  registerAuthGuard(app, {
    tokens: ctx.tokens,
    principals: ctx.principals,
    writeAudit: (e) => writeAudit(ctx.db, e),
  });

  await app.register(
    async (api) => {
      registerNoStore(api);
      await api.register(authRoutes(ctx));
      await api.register(samlRoutes(ctx));
      await api.register(ldapRoutes(ctx));
      await api.register(userTotpRoutes(ctx));
      await api.register(authConfigRoutes(ctx));
      await api.register(departmentRoutes(ctx));
      await api.register(moduleRoutes(ctx));
      await api.register(roleRoutes(ctx));
      await api.register(userRoutes(ctx));
      await api.register(approvalRightRoutes(ctx));
      await api.register(notificationRoutes(ctx));
      await api.register(settingRoutes(ctx));
      await api.register(auditLogRoutes(ctx));
      // Operations (spec 2)
      await api.register(dataTableRoutes(ctx));
      await api.register(masterDataRoutes(ctx));
      await api.register(reconRoutes(ctx));
      await api.register(reconRunRoutes(ctx));
      await api.register(explainRoutes(ctx));
      await api.register(ruleRoutes(ctx));
      await api.register(tryRuleRoutes(ctx));
      await api.register(dataSourceRoutes(ctx));
      await api.register(pipelineRoutes(ctx));
      await api.register(fileRoutes(ctx));
      await api.register(pipelineRowRoutes(ctx));
      await api.register(jobRoutes(ctx));
      await api.register(jobExecutionRoutes(ctx));
      await api.register(parallelJobConfigRoutes(ctx));
      await api.register(integrationRoutes(ctx));
      await api.register(oauthIntegrationRoutes(ctx));
      await api.register(rollbackRoutes(ctx));
      await api.register(approvalRoutes(ctx));
      // Dashboard (issue 15)
      await api.register(dashboardRoutes(ctx));
      // Reports › GL Config (issue 15)
      await api.register(glRoutes(ctx));
      await api.register(brsRoutes(ctx));
      await api.register(reportRoutes(ctx));
      // My Jobs › Tickets (issue 14)
      await api.register(ticketRoutes(ctx));
      await api.register(ticketEmailRoutes(ctx));
      await api.register(autoTicketRoutes(ctx));
      await api.register(ticketSlaRoutes(ctx));
      // Transactions (spec 1 navigation, issue 4)
      await api.register(transactionRoutes(ctx));
      await api.register(downloadRoutes(ctx));
    },
    { prefix: API_PREFIX },
  );

  const webDist = deps.config.webDistDir;
  const hasSpa = existsSync(join(webDist, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === API_PREFIX || request.url.startsWith(`${API_PREFIX}/`);
    if (!isApi && hasSpa && (request.method === 'GET' || request.method === 'HEAD')) {
      // History fallback: the SPA routes every other path itself.
      // Revalidated on every load, so a new release's chunks are found (the static files' 1 h does not apply).
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    }
    throw new AppError('NOT_FOUND', 'Resource not found');
  });
  return app;
}
