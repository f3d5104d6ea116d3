import { ArgumentsHost, Catch, HttpException, HttpStatus, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ZodError } from 'zod';
import type { TApiError } from '@app/contracts';
import { StreamVersionConflictError } from '@app/event-store';
import type { Logger } from '@app/platform';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/**
 * One place that turns errors into the API error body. Client mistakes get a 4xx with a message a
 * person understands; anything unexpected is logged and answered with a 500 that reveals nothing.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const request = host.switchToHttp().getRequest<Request>();
    const body = this.toBody(exception);
    if (body.statusCode >= 500) {
      this.logger.error({ err: exception, method: request.method, url: request.originalUrl }, 'request failed');
    }
    response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown): TApiError {
    if (exception instanceof ZodError) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of exception.issues) {
        const key = issue.path.join('.') || '_';
        (fieldErrors[key] ??= []).push(issue.message);
      }
      return {
        statusCode: 400,
        error: REASONS[400]!,
        message: exception.issues[0]?.message ?? 'Invalid request',
        fieldErrors,
      };
    }
    if (exception instanceof StreamVersionConflictError) {
      return {
        statusCode: 409,
        error: REASONS[409]!,
        message: 'Someone else changed this at the same moment. Please try again.',
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const raw = exception.getResponse();
      const message =
        typeof raw === 'string'
          ? raw
          : Array.isArray((raw as { message?: unknown }).message)
            ? ((raw as { message: string[] }).message[0] ?? exception.message)
            : String((raw as { message?: unknown }).message ?? exception.message);
      const fieldErrors =
        typeof raw === 'object' ? (raw as { fieldErrors?: Record<string, string[]> }).fieldErrors : undefined;
      return {
        statusCode: status,
        error: REASONS[status] ?? 'Error',
        message,
        ...(fieldErrors ? { fieldErrors } : {}),
      };
    }
    const status = HttpStatus.INTERNAL_SERVER_ERROR;
    return {
      statusCode: status,
      error: REASONS[status]!,
      message: 'Something went wrong on our side. Please try again.',
    };
  }
}
