/**
 * One error envelope, `{ message, code }`, for every failure (security.md W30). Expected
 * failures map through the contract's ERRORS table; anything unrecognised is a bug, logged with
 * its details and answered with a generic 500 that reveals nothing.
 */
import { ERRORS, errorBody, isUserMessage, type ErrorCode } from '@questfield/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors';
import { isApiPath } from '../lib/api-route';
import { isAppError } from '../lib/app-error';

type MappedError = { code: ErrorCode; message?: string };

/** Fastify's own failure codes for bad input. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  FST_ERR_BAD_URL: 'BAD_REQUEST',
};

/** Errors raised by plugins (rate limit, static files, closing server) with only a status. */
const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  // Conditional and range requests for static files (If-Match, Range) that cannot be met.
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** When a client may try again after a 503 (an outage usually ends in seconds). */
const RETRY_AFTER_SECONDS = 5;

/** 'Some fields are missing or not valid: email, password.' */
function validationMessage(fields: string[]): string {
  const base = ERRORS.VALIDATION_FAILED.message.replace(/\.$/, '');
  return `${base}: ${[...new Set(fields)].join(', ')}.`;
}

function fieldsOf(error: { validation: { instancePath: string }[] }, context: string): string[] {
  return error.validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return path === '' ? context : path;
  });
}

type ValidationIssue = { instancePath: string; message?: string };

/** The first message written for players (marked with the contract's userMessage()). */
function userMessageOf(issues: ValidationIssue[]): string | undefined {
  return issues.find((issue) => issue.message !== undefined && isUserMessage(issue.message))
    ?.message;
}

/** @internal Exported for tests. */
export function mapError(error: FastifyError | Error): MappedError | null {
  if (isAppError(error)) return { code: error.code, message: error.message };
  // An outage, not a bug: the client may retry (security.md R10).
  if (isDatabaseUnavailable(error)) return { code: 'SERVICE_UNAVAILABLE' };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext ?? 'body';
    const custom = userMessageOf(error.validation as ValidationIssue[]);
    return {
      code: 'VALIDATION_FAILED',
      message: custom ?? validationMessage(fieldsOf(error, context)),
    };
  }
  const fastifyError = error as Partial<FastifyError>;
  const byCode = fastifyError.code === undefined ? undefined : FASTIFY_CODES[fastifyError.code];
  if (byCode !== undefined) return { code: byCode };
  const byStatus =
    fastifyError.statusCode === undefined ? undefined : STATUS_CODES[fastifyError.statusCode];
  return byStatus === undefined ? null : { code: byStatus };
}

function sendError(reply: FastifyReply, code: ErrorCode, message?: string): FastifyReply {
  return reply.code(ERRORS[code].status).type('application/json').send(errorBody(code, message));
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const mapped = mapError(error);
  if (mapped === null) {
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'INTERNAL');
  }
  const status = ERRORS[mapped.code].status;
  const retryAfter = isAppError(error) ? error.retryAfterSeconds : undefined;
  if (retryAfter !== undefined)
    void reply.header('retry-after', Math.max(1, Math.ceil(retryAfter)));
  else if (mapped.code === 'SERVICE_UNAVAILABLE')
    void reply.header('retry-after', RETRY_AFTER_SECONDS);
  if (status >= 500) request.log.error({ err: error }, mapped.code);
  else request.log.info({ code: mapped.code, reason: error.message }, 'request refused');
  return sendError(reply, mapped.code, mapped.message);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}

/** Serves the SPA for a page path; returns the reply it sent. */
export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/**
 * Unknown /api paths are always a JSON 404, whatever the method, so a typo in the client can
 * never receive the SPA's HTML. Other GET/HEAD paths are pages of the SPA when it is built.
 */
export function registerNotFoundHandler(app: FastifyInstance, pageFallback: PageFallback | null) {
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (pageFallback !== null && isPageRequest && !isApiPath(request.url)) {
      return pageFallback(request, reply);
    }
    const message = isApiPath(request.url) ? undefined : 'This page does not exist.';
    return sendError(reply, 'NOT_FOUND', message);
  });
}

/**
 * Fastify answers errors raised before routing (e.g. a malformed percent-encoding in the URL)
 * without running hooks, so the security headers are set by hand: the API's set (HSTS included
 * on https), the strictest, as the answer is a JSON error that needs nothing from the page policy.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const mapped = mapError(error) ?? { code: 'BAD_REQUEST' as const };
    request.log.info({ code: mapped.code, reason: error.message }, 'request refused');
    void sendError(reply.headers(headers), mapped.code, mapped.message);
  };
}
