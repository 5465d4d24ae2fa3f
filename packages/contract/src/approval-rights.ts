import { z } from 'zod';
import { APPROVAL_KINDS } from './approvals.ts';

export const APPROVAL_RIGHT_TEXTS = {
  kindRequired: 'Kind must be ROLLBACK, BULK_KNOCK_OFF or GL_REOPEN_BOOKS',
  saved: 'Approval rights saved',
  /** The checker's roles are not among those that may decide this kind of request in the module. */
  roleCannotDecide:
    'Your role cannot approve or reject this kind of request in this module (Settings › Approval Rights)',
} as const;

/** One kind of request of the module and the roles that may decide it; none: any holder of pendingApprovals. */
export const approvalRightSchema = z.object({
  kind: z.enum(APPROVAL_KINDS),
  kindLabel: z.string(),
  roleNames: z.array(z.string()),
});
export type ApprovalRight = z.infer<typeof approvalRightSchema>;
export const approvalRightsResponseSchema = z.object({ data: z.array(approvalRightSchema) });

/** PUT v2/approvalRights: the roles that may decide one kind of request in the selected module become exactly these. */
export const updateApprovalRightRequestSchema = z.object({
  kind: z.enum(APPROVAL_KINDS, { error: APPROVAL_RIGHT_TEXTS.kindRequired }),
  roleNames: z.array(z.string().min(1)),
});
export type UpdateApprovalRightRequest = z.infer<typeof updateApprovalRightRequestSchema>;
