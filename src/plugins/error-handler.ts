// One error handler for the whole API: every answer to a client's mistake is a 4xx with the
// bilingual shape; only real server faults are 500, and their details stay in the log.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, errorBody, messages, type BilingualMessage } from '../errors';
import { describeValidationErrors } from './validation';

const messageByStatus: Record<number, BilingualMessage> = {
  400: messages.badRequest,
  401: messages.notAuthorized,
  403: messages.adminRequired,
  404: messages.notFound,
  406: messages.unsupportedMediaType,
  413: messages.bodyTooLarge,
  415: messages.unsupportedMediaType,
  429: messages.tooManyRequests,
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send(error.toBody());
    }
    if ('validation' in error && error.validation) {
      const errors = describeValidationErrors(error.validation as never);
      return reply.status(400).send({ message: errors[0]?.messageEn ?? messages.badRequest.en, errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        return reply.status(400).send(errorBody(messages.invalidJson));
      }
      // 406 comes from multipart parsing a non-multipart body: for clients it is a wrong content type.
      const answered = status === 406 ? 415 : status;
      return reply.status(answered).send(errorBody(messageByStatus[answered] ?? messages.badRequest));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody(messages.serverError));
  });
}
