import type { NextFunction, Request, Response } from 'express';
import type { TApiError } from '@app/contracts';

const message = 'Send the request body as JSON (Content-Type: application/json).';
const refusal: TApiError = { statusCode: 415, error: message, message };

function hasBody(req: Request): boolean {
  const length = req.get('content-length');
  return req.get('transfer-encoding') !== undefined || (length !== undefined && length !== '0');
}

/**
 * Every api body is JSON (the zod contracts): a body of another type (XML, a form, plain text) is
 * refused with 415 before anything reads it, instead of being taken as an empty body and acted on.
 */
export function jsonBodiesOnly() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) return next();
    const [type = ''] = (req.get('content-type') ?? '').split(';');
    const mediaType = type.trim().toLowerCase();
    if (mediaType === 'application/json' || /^application\/[\w.+-]+\+json$/.test(mediaType)) return next();
    res.status(415).json(refusal);
  };
}
