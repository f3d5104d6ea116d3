import { READ_MODELS_PENDING_HEADER } from '@app/contracts';
import type { z } from 'zod';

/**
 * Every non-OK response becomes an ApiError whose message is `${status}: ${bodyText || statusText}`
 * (docs/product.md §8 "Generic"). Forms read `serverMessage` (the `message` of a JSON error body) to show the
 * server's own words.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  readonly bodyText: string;
  /** `message` from a JSON error body (joined if the server sent a list), else `error` if it is a string. */
  readonly serverMessage: string | undefined;
  /** The parsed JSON error body, when there was one. */
  readonly body: unknown;

  constructor(init: { status: number; statusText: string; bodyText: string; body?: unknown }) {
    super(`${init.status}: ${init.bodyText || init.statusText}`);
    this.status = init.status;
    this.statusText = init.statusText;
    this.bodyText = init.bodyText;
    this.body = init.body;
    this.serverMessage = readServerMessage(init.body);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's message when the error carries one, else the given fallback (the spec's "else ..." texts). */
export function serverMessageOr(error: unknown, fallback: string): string {
  return isApiError(error) && error.serverMessage ? error.serverMessage : fallback;
}

type Schema<T> = z.ZodType<T>;

export interface ApiFetchInit extends Omit<RequestInit, 'body'> {
  /** Serialised as the JSON request body. */
  json?: unknown;
  body?: BodyInit | null;
}

export interface ApiGetOptions {
  signal?: AbortSignal;
  /** 'null' resolves a 401 to null instead of throwing (used for "who am I" style calls). */
  on401?: 'throw' | 'null';
}

export interface ApiSendOptions {
  signal?: AbortSignal;
  headers?: HeadersInit;
}

let readModelsPendingListener: (() => void) | null = null;

/** Told when a write succeeded but the server says its read models have not caught up yet. */
export function onReadModelsPending(listener: () => void): void {
  readModelsPendingListener = listener;
}

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined' || !document.cookie) return undefined;
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) {
      return decodeURIComponent(part.slice(separator + 1).trim());
    }
  }
  return undefined;
}

function readServerMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { message, error } = body as { message?: unknown; error?: unknown };
  if (typeof message === 'string' && message.trim()) return message;
  if (Array.isArray(message) && message.length > 0) return message.map(String).join(' ');
  if (typeof error === 'string' && error.trim()) return error;
  return undefined;
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  let bodyText = '';
  try {
    bodyText = await response.text();
  } catch {
    // A body that cannot be read still yields the status line.
  }
  return new ApiError({
    status: response.status,
    statusText: response.statusText,
    bodyText,
    body: bodyText ? tryParseJson(bodyText) : undefined,
  });
}

/** fetch with cookies, JSON bodies, the CSRF header and the spec's error format. Resolves only for OK responses. */
export async function apiFetch(path: string, init: ApiFetchInit = {}): Promise<Response> {
  const { json, headers: initHeaders, ...rest } = init;
  const method = (rest.method ?? 'GET').toUpperCase();
  const headers = new Headers(initHeaders);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');

  let body = rest.body;
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }

  if (!SAFE_METHODS.has(method)) {
    const token = readCookie(XSRF_COOKIE);
    if (token) headers.set(XSRF_HEADER, token);
  }

  const response = await fetch(path, { ...rest, method, headers, body, credentials: 'include' });
  if (!response.ok) throw await toApiError(response);
  if (!SAFE_METHODS.has(method) && response.headers.has(READ_MODELS_PENDING_HEADER)) readModelsPendingListener?.();
  return response;
}

async function readBody<T>(response: Response, schema?: Schema<T>): Promise<T> {
  const text = response.status === 204 || response.status === 205 ? '' : await response.text();
  const contentType = response.headers.get('Content-Type') ?? '';
  let data: unknown;
  if (!text) data = undefined;
  else if (contentType.includes('json')) data = JSON.parse(text);
  else data = tryParseJson(text) ?? text;
  return schema ? schema.parse(data) : (data as T);
}

export function apiGet<T = unknown>(
  path: string,
  schema?: Schema<T>,
  options?: ApiGetOptions & { on401?: 'throw' },
): Promise<T>;
export function apiGet<T = unknown>(
  path: string,
  schema: Schema<T> | undefined,
  options: ApiGetOptions & { on401: 'null' },
): Promise<T | null>;
export async function apiGet<T = unknown>(
  path: string,
  schema?: Schema<T>,
  options: ApiGetOptions = {},
): Promise<T | null> {
  try {
    const response = await apiFetch(path, { method: 'GET', signal: options.signal });
    return await readBody(response, schema);
  } catch (error) {
    if (options.on401 === 'null' && isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/** apiGet that also hands back the response headers (a paged list sends its total in one). */
export async function apiGetWithHeaders<T>(
  path: string,
  schema: Schema<T>,
  options: Pick<ApiGetOptions, 'signal'> = {},
): Promise<{ data: T; headers: Headers }> {
  const response = await apiFetch(path, { method: 'GET', signal: options.signal });
  return { data: await readBody(response, schema), headers: response.headers };
}

async function apiSend<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  schema: Schema<T> | undefined,
  options: ApiSendOptions,
): Promise<T> {
  const response = await apiFetch(path, {
    method,
    json: body,
    signal: options.signal,
    headers: options.headers,
  });
  return readBody(response, schema);
}

export function apiPost<T = unknown>(
  path: string,
  body?: unknown,
  schema?: Schema<T>,
  options: ApiSendOptions = {},
): Promise<T> {
  return apiSend('POST', path, body, schema, options);
}

export function apiPut<T = unknown>(
  path: string,
  body?: unknown,
  schema?: Schema<T>,
  options: ApiSendOptions = {},
): Promise<T> {
  return apiSend('PUT', path, body, schema, options);
}

export function apiPatch<T = unknown>(
  path: string,
  body?: unknown,
  schema?: Schema<T>,
  options: ApiSendOptions = {},
): Promise<T> {
  return apiSend('PATCH', path, body, schema, options);
}

export function apiDelete<T = unknown>(
  path: string,
  body?: unknown,
  schema?: Schema<T>,
  options: ApiSendOptions = {},
): Promise<T> {
  return apiSend('DELETE', path, body, schema, options);
}
