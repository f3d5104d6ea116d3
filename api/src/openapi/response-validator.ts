import { createRequire } from 'node:module';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/** ajv-formats is CommonJS whose default export TypeScript's ESM view cannot call: loaded as CommonJS. */
const addFormats = createRequire(import.meta.url)('ajv-formats') as (ajv: Ajv2020) => Ajv2020;

/**
 * Checks real answers against the OpenAPI document: the schema of the answer's route and status (or the
 * route's `default`, the error shape, for a status it does not list), in JSON Schema 2020-12, the dialect
 * of OpenAPI 3.1 (ajv). Used by the e2e run's check (web/e2e/support/openapi-check.ts) and the tests.
 */
export interface ResponseCheck {
  ok: boolean;
  /** The route template the answer was matched to. */
  route?: string;
  problem?: string;
}

export interface ResponseValidator {
  /** How many operations the document has. */
  routes: number;
  /** The template (`/api/artists/{id}`) a concrete path belongs to; fixed segments win over parameters. */
  match(method: string, path: string): string | undefined;
  check(method: string, path: string, status: number, body: unknown, contentType?: string): ResponseCheck;
}

interface Operation {
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const DOCUMENT_ID = 'openapi.json';

function pointer(...parts: string[]): string {
  return parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

export function responseValidator(document: object): ResponseValidator {
  const doc = document as OpenApiDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });

  const templates = Object.keys(doc.paths ?? {})
    .map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
      // Fewer parameters first, then the later the first parameter, the more specific.
      params: (template.match(/\{/g) ?? []).length,
      firstParam: template.indexOf('{') === -1 ? Infinity : template.indexOf('{'),
    }))
    .sort((a, b) => a.params - b.params || b.firstParam - a.firstParam);

  const compiled = new Map<string, ValidateFunction>();
  let routes = 0;
  for (const [template, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.has(method)) continue;
      routes++;
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (!answer.content?.['application/json']) continue;
        const ref = `${DOCUMENT_ID}#/${pointer('paths', template, method, 'responses', status, 'content', 'application/json', 'schema')}`;
        compiled.set(`${method} ${template} ${status}`, ajv.compile({ $ref: ref }));
      }
    }
  }

  // Every operation's `default` is the same error shape: any of them checks an unknown path's 404.
  const anyError = [...compiled.entries()].find(([key]) => key.endsWith(' default'))?.[1];

  const match = (method: string, path: string) =>
    templates.find(({ template, pattern }) => pattern.test(path) && doc.paths?.[template]?.[method.toLowerCase()])
      ?.template;

  return {
    routes,
    match,
    check(method, path, status, body, contentType = 'application/json') {
      const lower = method.toLowerCase();
      const route = match(method, path.split('?')[0] ?? path);
      if (!route) {
        // A path the api does not serve answers 404 in the error shape, like any route's errors.
        const notFound = status === 404 && contentType.includes('json') ? anyError : undefined;
        if (notFound?.(body)) return { ok: true };
        return { ok: false, problem: `no route in the document for ${method} ${path}` };
      }
      const responses = doc.paths?.[route]?.[lower]?.responses ?? {};
      const key = String(status) in responses ? String(status) : 'default';
      const documented = responses[key];
      if (!documented) return { ok: false, route, problem: `status ${status} is not documented` };
      const json = contentType.includes('json');
      if (!json) {
        const types = Object.keys(documented.content ?? {});
        const base = contentType.split(';')[0]?.trim() ?? '';
        return types.length === 0 || types.includes(base)
          ? { ok: true, route }
          : {
              ok: false,
              route,
              problem: `${status} answered ${base || 'no content type'}; documented: ${types.join(', ')}`,
            };
      }
      const validate = compiled.get(`${lower} ${route} ${key}`);
      if (!validate) return { ok: false, route, problem: `${status} answered JSON, which is not documented for it` };
      if (validate(body)) return { ok: true, route };
      const problem = (validate.errors ?? [])
        .slice(0, 5)
        .map(
          (error) =>
            `${error.instancePath || '(body)'} ${error.message ?? ''}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`,
        )
        .join('; ');
      return { ok: false, route, problem: `${status} does not match its schema (${key}): ${problem}` };
    },
  };
}
