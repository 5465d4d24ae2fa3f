import { assignDepartmentRequestSchema, departmentsResponseSchema, userIdParamsSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { messageBodySchema } from './errors.ts';

const tags = ['Departments'];

/** Departments, and a new user's request to join one (the module-role-unauthorized page). */
export const departmentEndpoints = {
  list: endpoint({
    name: 'departments.list',
    method: 'GET',
    path: '/v2/user-department',
    module: 'optional',
    public: true,
    response: departmentsResponseSchema,
    tags,
    summary: 'Departments a user can ask to join',
  }),
  assign: endpoint({
    name: 'departments.assign',
    method: 'PUT',
    path: '/v2/user-department/assignDepartment/:userId',
    module: 'ignore',
    params: userIdParamsSchema,
    body: assignDepartmentRequestSchema,
    response: messageBodySchema,
    tags,
    summary: 'Send a department for approval',
    description:
      "A user assigns their own department (an admin, anyone's); the registration becomes RAISED_FOR_APPROVAL.",
  }),
} as const;
