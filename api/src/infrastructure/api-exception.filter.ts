import { ArgumentsHost, Catch, HttpException, HttpStatus, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z, ZodError } from 'zod';
import type { TApiError } from '@app/contracts';
import { DomainError, type DomainErrorKind } from '@app/domain';
import { StreamVersionConflictError } from '@app/event-store';
import { isDatabaseUnavailable, type Logger } from '@app/platform';

const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: HttpStatus.BAD_REQUEST,
  unauthenticated: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  'not-found': HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  'payment-required': HttpStatus.PAYMENT_REQUIRED,
  unavailable: HttpStatus.BAD_GATEWAY,
};

/**
 * The object body of an HttpException: Nest's own (`message`: a text or a list of them) or one of
 * ours with `fieldErrors`. A field of another shape is dropped, the exception's message standing in.
 */
const ZHttpExceptionBody = z.object({
  message: z
    .union([z.string(), z.array(z.string()).transform((messages) => messages[0])])
    .optional()
    .catch(undefined),
  // Checked, not rebuilt: a rebuilt record would lose a field named __proto__ (SafeInputPipe names it).
  fieldErrors: z.custom<Record<string, string[]>>(isFieldErrors).optional().catch(undefined),
});

function isFieldErrors(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every(
      (messages) => Array.isArray(messages) && messages.every((message) => typeof message === 'string'),
    )
  );
}

/** What a client is told when PostgreSQL did not answer in time, and when to ask again. */
export const UNAVAILABLE_MESSAGE = 'Payola is briefly unavailable. Please try again in a few seconds.';
const RETRY_AFTER_SECONDS = 5;

/** 503 with Retry-After, in the API error format: the request may well succeed if sent again shortly. */
export function answerUnavailable(response: Response): void {
  const body: TApiError = { statusCode: 503, error: UNAVAILABLE_MESSAGE, message: UNAVAILABLE_MESSAGE };
  response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  response.status(503).json(body);
}

/**
 * One place that turns errors into the API error body. Client mistakes get a 4xx with a message a
 * person understands; a database that did not answer in time (isDatabaseUnavailable: the pool's
 * connect and statement bounds) a 503 with Retry-After; anything else unexpected is logged and
 * answered with a 500 that reveals nothing. (DomainError 'unavailable' is a third party that did not
 * answer: 502, a bad gateway, not our own service being down.)
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const request = host.switchToHttp().getRequest<Request>();
    // The request deadline (request-deadline.ts) has answered already; the work finished or failed late.
    if (response.headersSent) return;
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(
        { err: exception, method: request.method, url: request.originalUrl },
        'PostgreSQL did not answer in time; answered 503',
      );
      return answerUnavailable(response);
    }
    const body = this.toBody(exception);
    if (body.statusCode >= 500 && !(exception instanceof DomainError)) {
      this.logger.error({ err: exception, method: request.method, url: request.originalUrl }, 'request failed');
    }
    response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown): TApiError {
    const body = (statusCode: number, message: string, fieldErrors?: Record<string, string[]>): TApiError => ({
      statusCode,
      error: message,
      message,
      ...(fieldErrors ? { fieldErrors } : {}),
    });
    if (exception instanceof ZodError) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of exception.issues) {
        const key = issue.path.join('.') || '_';
        (fieldErrors[key] ??= []).push(issue.message);
      }
      return body(400, exception.issues[0]?.message ?? 'Please check the form and try again.', fieldErrors);
    }
    if (exception instanceof DomainError) return body(STATUS_OF[exception.kind], exception.message);
    if (exception instanceof StreamVersionConflictError) {
      return body(409, 'Someone else changed this at the same moment. Please try again.');
    }
    if (exception instanceof HttpException) {
      const raw = exception.getResponse();
      if (typeof raw === 'string') return body(exception.getStatus(), raw);
      const { message, fieldErrors } = ZHttpExceptionBody.parse(raw);
      return body(exception.getStatus(), message ?? exception.message, fieldErrors);
    }
    return body(HttpStatus.INTERNAL_SERVER_ERROR, 'Something went wrong on our side. Please try again.');
  }
}
