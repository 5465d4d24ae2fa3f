import type { ErrorListBody, ValidationErrorBody } from '@recon/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, STATUS_BY_CODE } from '@/lib/app-error.ts';
import { isCutOffBody } from '@/lib/uploads.ts';

const INTERNAL_MESSAGE = 'Technical server error. Please contact support';
const INVALID_TEXT_MESSAGE = 'The request contains characters that are not allowed';
const CUT_OFF_BODY_MESSAGE = 'The request ended before its multipart body did';
// SQLSTATEs PostgreSQL raises for text it cannot store (a NUL byte in a string): bad client input, not a fault.
const PG_INVALID_TEXT_CODES: ReadonlySet<unknown> = new Set(['22021', '22P05']);

function fieldOf(path: string, instancePath: string): string {
  const p = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return p || path;
}

/**
 * One error model: 400 validation `{ message, errors: [{ field, defaultMessage }] }`, every other error a
 * list `[{ message, code }]`; 5xx details never leave the server.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      const status = STATUS_BY_CODE[error.code];
      if (error.code === 'VALIDATION') {
        const body: ValidationErrorBody = {
          message: error.message,
          errors: error.fieldErrors ?? [{ field: 'body', defaultMessage: error.message }],
        };
        return reply.status(status).send(body);
      }
      const body: ErrorListBody = [{ message: error.message, code: error.code }];
      return reply.status(status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext ?? 'body';
      const errors = error.validation.map((v) => ({
        field: fieldOf(context, v.instancePath),
        defaultMessage: v.message ?? 'Invalid value',
      }));
      const body: ValidationErrorBody = { message: errors[0]?.defaultMessage ?? 'Invalid request', errors };
      return reply.status(400).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send([{ message: INTERNAL_MESSAGE, code: 'INTERNAL' }] satisfies ErrorListBody);
    }
    if (isCutOffBody(error)) {
      return reply.status(400).send({
        message: CUT_OFF_BODY_MESSAGE,
        errors: [{ field: 'body', defaultMessage: CUT_OFF_BODY_MESSAGE }],
      } satisfies ValidationErrorBody);
    }
    if (PG_INVALID_TEXT_CODES.has((error as { code?: unknown }).code)) {
      return reply.status(400).send({
        message: INVALID_TEXT_MESSAGE,
        errors: [{ field: 'body', defaultMessage: INVALID_TEXT_MESSAGE }],
      } satisfies ValidationErrorBody);
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send([{ message: INTERNAL_MESSAGE, code: 'INTERNAL' }] satisfies ErrorListBody);
    }
    // Fastify's own client errors: malformed JSON, unsupported media type, body too large.
    const code =
      status === 413
        ? 'PAYLOAD_TOO_LARGE'
        : status === 404
          ? 'NOT_FOUND'
          : status === 429
            ? 'RATE_LIMITED'
            : 'VALIDATION';
    if (code === 'VALIDATION') {
      const message =
        fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON/.test(error.message)
          ? 'Malformed JSON body'
          : error.message;
      return reply
        .status(400)
        .send({ message, errors: [{ field: 'body', defaultMessage: message }] } satisfies ValidationErrorBody);
    }
    return reply.status(status).send([{ message: error.message, code }] satisfies ErrorListBody);
  });
}
