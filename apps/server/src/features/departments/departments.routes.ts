import {
  assignDepartmentRequestSchema,
  departmentsResponseSchema,
  messageBodySchema,
  UNASSIGNED_TEXTS,
} from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';

const TAG = ['Departments'];

/** Departments, and a new user's request to join one (the module-role-unauthorized page). */
export function departmentRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/user-department',
      {
        config: { isPublic: true },
        schema: {
          tags: TAG,
          summary: 'Departments a user can ask to join',
          security: [],
          response: { 200: departmentsResponseSchema },
        },
      },
      async () => ({ data: await ctx.db.selectFrom('department').select(['id', 'name']).orderBy('name').execute() }),
    );

    app.put(
      '/v2/user-department/assignDepartment/:userId',
      {
        config: { module: 'ignore' },
        schema: {
          tags: TAG,
          summary: 'Send a department for approval',
          description:
            "A user assigns their own department (an admin, anyone's); the registration becomes RAISED_FOR_APPROVAL.",
          params: z.object({ userId: z.coerce.number().int().positive() }),
          body: assignDepartmentRequestSchema,
          response: { 200: messageBodySchema },
        },
      },
      async (req) => {
        const principal = req.requirePrincipal();
        const isAdmin = principal.roles.includes('ROLE_ADMIN');
        if (principal.userId !== req.params.userId && !isAdmin)
          throw new AppError('FORBIDDEN', UNASSIGNED_TEXTS.departmentFailed);
        await ctx.db.transaction().execute(async (tx) => {
          const dept = await tx
            .selectFrom('department')
            .select(['id', 'name'])
            .where('id', '=', req.body.departmentId)
            .executeTakeFirst();
          if (!dept)
            throw new AppError('VALIDATION', UNASSIGNED_TEXTS.selectDepartment, [
              { field: 'departmentId', defaultMessage: UNASSIGNED_TEXTS.selectDepartment },
            ]);
          const target = await tx
            .selectFrom('app_user')
            .select(['id', 'department_configurable'])
            .where('id', '=', req.params.userId)
            .executeTakeFirst();
          if (!target) throw new AppError('NOT_FOUND', 'User not found');
          // Self-service only where the department is configurable for the user; an admin may always assign.
          if (!isAdmin && !target.department_configurable)
            throw new AppError('FORBIDDEN', 'Department is not configurable for this user');
          const updated = await tx
            .updateTable('app_user')
            .set({ department_id: dept.id, registration_status: 'RAISED_FOR_APPROVAL', updated_at: sql`now()` })
            .where('id', '=', req.params.userId)
            .returning('id')
            .executeTakeFirst();
          if (!updated) throw new AppError('NOT_FOUND', 'User not found');
          await writeAudit(tx, {
            event: 'DEPARTMENT_ASSIGNED',
            outcome: 'SUCCESS',
            userId: principal.userId,
            userName: principal.userName,
            entityType: 'app_user',
            entityId: req.params.userId,
            details: { departmentId: dept.id, department: dept.name },
            ip: req.ip,
            requestId: req.id,
          });
        });
        ctx.principals.invalidateAll();
        return { message: UNASSIGNED_TEXTS.departmentAssigned };
      },
    );
  };
}
