import {
  type AssignDepartmentRequest,
  assignDepartmentRequestSchema,
  departmentEndpoints,
  type MessageBody,
} from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

export type AssignDepartmentParams = { userId: number; body: AssignDepartmentRequest };

/** PUT v2/user-department/assignDepartment/{userId}: sends the user's department for approval. */
export async function assignDepartment({ userId, body }: AssignDepartmentParams): Promise<MessageBody> {
  const request = assignDepartmentRequestSchema.parse(body);
  return call(departmentEndpoints.assign, { params: { userId }, body: request });
}

/** Its failure has a text of its own ("Failed to assign department"), shown by the page. */
export function useAssignDepartment() {
  return useMutation({ mutationFn: assignDepartment, meta: { isGlobalErrorSkipped: true } });
}
