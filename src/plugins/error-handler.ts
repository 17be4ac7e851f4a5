// One error handler for the whole API: every answer to a client's mistake is a 4xx with the
// bilingual shape; only real server faults are 500, and their details stay in the log.
// Errors raised before a route is found (a broken URL, a request that is not HTTP) do not reach
// Fastify's handler or its onSend hooks: they are answered here too, headers included.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, boundedErrorBody, errorBody, messages, type BilingualMessage } from '../errors';
import { isBusy } from '../db/busy';
import { describeStorageError } from '../storage-errors';
import { securityHeadersFor } from './security-headers';
import { fieldGroupOf } from './field-labels';
import { describeValidationErrors } from './validation-messages';

const messageByStatus: Record<number, BilingualMessage> = {
  400: messages.badRequest,
  401: messages.notAuthorized,
  // A 403 that no route raised comes from the static files (a path leaving their folder).
  403: messages.forbiddenPath,
  404: messages.notFound,
  406: messages.unsupportedMediaType,
  413: messages.bodyTooLarge,
  415: messages.unsupportedMediaType,
  416: messages.rangeNotSatisfiable,
  429: messages.tooManyRequests,
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      // A route's own checks can list many errors too (a city with 50 bad branches): bounded alike.
      return reply.status(error.statusCode).send(boundedErrorBody(error.errors, messages.badRequest));
    }
    if ('validation' in error && error.validation) {
      return reply.status(400).send(boundedErrorBody(describeValidationErrors(error.validation as never, fieldGroupOf(request.routeOptions.url)), messages.badRequest));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        return reply.status(400).send(errorBody(messages.invalidJson));
      }
      // 406 comes from multipart parsing a non-multipart body: for clients it is a wrong content type.
      const answered = status === 406 ? 415 : status;
      // A range past a file's end (static files): the answer says the file's size (RFC 9110, 15.5.17).
      const contentRange = (error as { headers?: Record<string, string> }).headers?.['Content-Range'];
      if (answered === 416 && contentRange) reply.header('Content-Range', contentRange);
      return reply.status(answered).send(errorBody(messageByStatus[answered] ?? messages.badRequest));
    }
    if (isBusy(error)) {
      // A content import holds the database for writing (db/busy.ts): nothing was saved, try again.
      return reply.status(503).header('Retry-After', '60').send(errorBody(messages.databaseBusy));
    }
    const storageProblem = describeStorageError(error, app.config.databaseFile);
    if (storageProblem) {
      // One line an operator can act on; the stack adds nothing to "the disk is full".
      request.log.error(storageProblem);
      return reply.status(503).send(errorBody(messages.storageUnavailable));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody(messages.serverError));
  });
}

/** Fastify's frameworkErrors option: a URL that cannot be decoded, a path segment above maxParamLength. */
export function answerRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] = error.code === 'FST_ERR_BAD_URL' ? [400, messages.badAddress]
    : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? [414, messages.addressTooLong]
      : [400, messages.badRequest];
  void reply.status(status).headers(securityHeadersFor(request.url)).send(errorBody(message));
}

function clientErrorAnswer(code: string | undefined): [number, BilingualMessage] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, messages.requestTimeout];
  if (code === 'HPE_HEADER_OVERFLOW') return [431, messages.headersTooLarge];
  return [400, messages.malformedRequest];
}

/** Fastify's clientErrorHandler: Node could not parse the request, or it timed out before the handler. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const [status, message] = clientErrorAnswer(error.code);
    const body = JSON.stringify(errorBody(message));
    const headers = {
      ...securityHeadersFor('/'),
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      Connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy(error);
}
