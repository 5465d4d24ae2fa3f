import { messageBodySchema, otpPendingSchema } from '@recon/contract';

/** Answer of the calls that send a code to a phone: a message and the masked number it went to. */
export const codeSentResponseSchema = messageBodySchema.extend({
  maskedContactNumber: otpPendingSchema.shape.maskedContactNumber,
});
export type CodeSentResponse = ReturnType<typeof codeSentResponseSchema.parse>;
