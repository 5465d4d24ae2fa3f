import type { PrivilegeRule } from '@recon/contract';
import { hasPrivilege, MODULE_HEADER, USER_HEADER } from '@recon/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@/lib/app-error.ts';
import type { AuditEntry } from '@/lib/audit.ts';
import type { Principal, PrincipalStore } from '@/lib/principal.ts';
import { TokenExpiredError, type TokenService } from '@/lib/tokens.ts';

/**
 * How a route treats X-Module-Id: 'required' needs a module the caller is assigned to; 'optional' checks
 * it when sent; 'ignore' does not look (shell calls that must work while the stored module is stale).
 */
export type ModuleMode = 'required' | 'optional' | 'ignore';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public routes skip the guard. Every other route needs a valid access token. */
    isPublic?: boolean;
    privilege?: PrivilegeRule;
    module?: ModuleMode;
  }
  interface FastifyRequest {
    principal: Principal | null;
    moduleId: number | null;
    /** The authenticated principal; throws 401 on a public route without one. */
    requirePrincipal: () => Principal;
    /** Checks an extra privilege rule inside a handler (query discriminators with their own privileges). */
    requirePrivilege: (rule: PrivilegeRule) => Promise<void>;
    audit: (entry: Omit<AuditEntry, 'ip' | 'requestId'>) => Promise<void>;
  }
}

const GUARDED_ROUTE = /^\/web\/v\d+\//;
const NOT_ASSIGNED = 'You are not assigned to this module';
const NO_PERMISSION = 'You do not have permission to perform this action';

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m?.[1]?.trim() || null;
}

export function registerAuthGuard(
  app: FastifyInstance,
  deps: { tokens: TokenService; principals: PrincipalStore; writeAudit: (e: AuditEntry) => Promise<void> },
): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('moduleId', null);
  app.decorateRequest('requirePrincipal', function (this: FastifyRequest) {
    if (!this.principal) throw new AppError('UNAUTHENTICATED', 'Authentication required');
    return this.principal;
  });
  app.decorateRequest('audit', async function (this: FastifyRequest, entry: Omit<AuditEntry, 'ip' | 'requestId'>) {
    await deps.writeAudit({
      userId: this.principal?.userId ?? null,
      userName: this.principal?.userName ?? null,
      moduleId: this.moduleId,
      ...entry,
      ip: this.ip,
      requestId: this.id,
    });
  });
  app.decorateRequest('requirePrivilege', async function (this: FastifyRequest, rule: PrivilegeRule) {
    const p = this.requirePrincipal();
    if (hasPrivilege(p.privileges, rule)) return;
    await this.audit({
      event: 'ACCESS_DENIED',
      outcome: 'FAILURE',
      details: { route: this.routeOptions.url, method: this.method, rule },
    });
    throw new AppError('FORBIDDEN', NO_PERMISSION);
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    // Every API route (/web/v…) is guarded unless it says it is public; unknown routes (404s), the SPA and
    // the API docs pass.
    const url = request.routeOptions.url;
    if (!url || !GUARDED_ROUTE.test(url) || config.isPublic) return;

    // No token and an expired token are the normal ways into sign-in and refresh: answered, not audited (every client
    // meets one every 15 minutes). A token that fails its signature, another user's, or one of an ended session is
    // a refusal worth recording (issue 11.7).
    const refuse = async (reason: string, who: { userId: number; userName: string } | null) => {
      await request.audit({
        event: 'ACCESS_DENIED',
        outcome: 'FAILURE',
        userId: who?.userId ?? null,
        userName: who?.userName ?? null,
        details: { route: request.routeOptions.url, method: request.method, reason },
      });
      return new AppError('UNAUTHENTICATED', reason);
    };
    const token = bearer(request);
    if (!token) throw new AppError('UNAUTHENTICATED', 'Authentication required');
    let claims: Awaited<ReturnType<TokenService['verifyAccess']>>;
    try {
      claims = await deps.tokens.verifyAccess(token);
    } catch (err) {
      if (err instanceof TokenExpiredError) throw new AppError('TOKEN_EXPIRED', 'Access token expired');
      throw await refuse('Invalid access token', null);
    }
    const headerUser = request.headers[USER_HEADER];
    if (headerUser !== undefined && String(headerUser) !== String(claims.userId)) {
      throw await refuse('Access token does not belong to this user', claims);
    }
    const principal = await deps.principals.load(claims.userId, claims.familyId);
    if (!principal?.isActive || !principal.isSessionLive) {
      throw await refuse('Session has ended', claims);
    }
    request.principal = principal;

    const mode = config.module ?? 'optional';
    const rawModule = request.headers[MODULE_HEADER];
    if (mode !== 'ignore' && rawModule !== undefined && rawModule !== '') {
      const moduleId = Number(rawModule);
      if (!Number.isInteger(moduleId) || moduleId <= 0 || !principal.moduleIds.has(moduleId)) {
        await request.audit({
          event: 'ACCESS_DENIED',
          outcome: 'FAILURE',
          details: { route: request.routeOptions.url, module: String(rawModule) },
        });
        throw new AppError('MODULE_FORBIDDEN', NOT_ASSIGNED);
      }
      request.moduleId = moduleId;
    }
    if (mode === 'required' && request.moduleId === null) {
      throw new AppError('VALIDATION', 'X-Module-Id header is required', [
        { field: 'X-Module-Id', defaultMessage: 'Please select a product!' },
      ]);
    }
    if (config.privilege) await request.requirePrivilege(config.privilege);
  });
}
