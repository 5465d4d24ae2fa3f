import {
  type AssignDepartmentRequest,
  assignDepartmentRequestSchema,
  type MessageBody,
  messageBodySchema,
} from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

export type AssignDepartmentParams = { userId: number; body: AssignDepartmentRequest };

/** PUT v2/user-department/assignDepartment/{userId}: sends the user's department for approval. */
export async function assignDepartment({ userId, body }: AssignDepartmentParams): Promise<MessageBody> {
  const request = assignDepartmentRequestSchema.parse(body);
  const { data } = await http.put(`/v2/user-department/assignDepartment/${userId}`, request);
  return messageBodySchema.parse(data);
}

/** Its failure has a text of its own ("Failed to assign department"), shown by the page. */
export function useAssignDepartment() {
  return useMutation({ mutationFn: assignDepartment, meta: { isGlobalErrorSkipped: true } });
}
