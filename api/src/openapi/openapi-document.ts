import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { ZApiError } from '@app/contracts';
import { API_ROUTES, API_TAGS, type ApiRoute, type RouteAnswer } from './api-routes.js';

/** What the reference says about access, per route. */
const ACCESS = {
  public: 'Open to anyone.',
  member: 'Needs a signed-in session (the `payola.sid` cookie).',
  operator:
    'Operators only, after this session passed the second factor; everyone else gets the same 404 an unknown route gets.',
  webhook: 'Called by the provider; authenticated by its signature over the raw body, not by a session.',
  local: 'Only from this machine, and never in production.',
} as const;

const DESCRIPTION = `The HTTP API of Payola, the music-community membership platform: the one the web app uses.

- Sessions are cookies (\`payola.sid\`), set by \`POST /api/login\` and \`POST /api/create-account\`.
- Every request that changes something must send the \`XSRF-TOKEN\` cookie's value in the \`X-XSRF-TOKEN\`
  header (double-submit CSRF protection), and come from the product's own origin.
- Request bodies are JSON. Every error answers \`{ statusCode, error, message, fieldErrors? }\`, \`error\` and
  \`message\` being written for the person using the product.
- Request and answer schemas are generated from the same zod contracts the api validates with
  (\`libs/contracts\`).`;

const ERROR_RESPONSE = {
  description:
    'An error: bad input (400, with `fieldErrors`), not signed in (401), refused (403), not found (404), a conflict (409), too many requests (429, with `Retry-After`), or a failure of ours (5xx).',
  content: { 'application/json': { schema: ZApiError } },
};

/** Express-style `/api/artists/:id` and OpenAPI's `/api/artists/{id}`, both ways. */
export function toOpenApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((match) => match[1] ?? '');
}

function response(status: number, answer: RouteAnswer, route: ApiRoute) {
  const headers = route.headers
    ? Object.fromEntries(
        Object.entries(route.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
      )
    : undefined;
  if (answer === 'html')
    return { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } };
  if (answer === 'zip') {
    return {
      description: 'A zip file, streamed',
      ...(headers ? { headers } : {}),
      content: { 'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } } },
    };
  }
  if (answer === 'redirect') {
    return {
      description: 'A redirect',
      headers: { Location: { description: 'Where to go', schema: { type: 'string' } } },
    };
  }
  return {
    description: status < 300 ? 'Success' : 'An answer that is not a success',
    ...(headers && status < 300 ? { headers } : {}),
    content: { 'application/json': { schema: answer } },
  };
}

function operation(route: ApiRoute): ZodOpenApiOperationObject {
  const params = pathParameters(route.path);
  const path = params.length ? z.object(Object.fromEntries(params.map((name) => [name, z.string()]))) : undefined;
  return {
    operationId: `${route.method}${route.path
      .replace(/^\/api/, '')
      .replace(/[{}]/g, '')
      .replace(/[/-](\w)/g, (_m, c: string) => c.toUpperCase())}`,
    summary: route.summary,
    description: ACCESS[route.access],
    tags: [API_TAGS[route.tag]],
    ...(route.access === 'member' || route.access === 'operator' ? { security: [{ session: [] }] } : {}),
    ...(path || route.query
      ? { requestParams: { ...(path ? { path } : {}), ...(route.query ? { query: route.query } : {}) } }
      : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } } : {}),
    responses: {
      ...Object.fromEntries(
        Object.entries(route.responses).map(([status, answer]) => [status, response(Number(status), answer, route)]),
      ),
      default: ERROR_RESPONSE,
    },
  };
}

/** The documents made so far, by the list they were made from (API_ROUTES and PUBLIC_API_ROUTES). */
const cached = new WeakMap<readonly ApiRoute[], object>();

/**
 * What anyone may read: every route but the operators' console's, which answers 404 to everyone but
 * operators (docs/decisions.md); an operator past the second factor is served the whole document.
 */
export const PUBLIC_API_ROUTES: readonly ApiRoute[] = API_ROUTES.filter((route) => route.access !== 'operator');

/** The OpenAPI 3.1 document of the routes (all of the api's by default), made once per list. */
export function openApiDocument(routes: readonly ApiRoute[] = API_ROUTES): object {
  const made = cached.get(routes);
  if (made) return made;
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    paths[route.path] = { ...paths[route.path], [route.method]: operation(route) };
  }
  const document = createDocument(
    {
      openapi: '3.1.0',
      info: { title: 'Payola API', version: '1.0.0', description: DESCRIPTION },
      tags: Object.values(API_TAGS).map((name) => ({ name })),
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'payola.sid' } },
      },
      paths,
    },
    {
      // A zod `transform` in a request describes its input; an answer is what the api sends, as JSON.
      allowEmptySchema: { custom: true, any: true, unknown: true },
      override: ({ jsonSchema, zodSchema, io }) => {
        if (zodSchema._zod.def.type === 'date' && io === 'output') {
          jsonSchema.type = 'string';
          jsonSchema.format = 'date-time';
        }
      },
    },
  );
  cached.set(routes, document);
  return document;
}
