import { Ajv2020 } from 'ajv/dist/2020.js';
import { z } from 'zod';
import { API_ROUTES, type ApiRoute } from './api-routes.js';
import { openApiDocument } from './openapi-document.js';
import { responseValidator } from './response-validator.js';

interface Doc {
  openapi: string;
  paths: Record<
    string,
    Record<string, { responses: Record<string, unknown>; parameters?: { in: string; name: string }[] }>
  >;
}

describe('the OpenAPI document', () => {
  const document = openApiDocument() as Doc;

  it('is OpenAPI 3.1 with every route of the registry, its parameters and its error answer', () => {
    expect(document.openapi).toBe('3.1.0');
    for (const route of API_ROUTES) {
      const operation = document.paths[route.path]?.[route.method];
      expect(operation).toBeDefined();
      expect(Object.keys(operation?.responses ?? {})).toEqual(
        expect.arrayContaining([...Object.keys(route.responses), 'default']),
      );
      for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
        expect(operation?.parameters).toContainEqual(expect.objectContaining({ in: 'path', name }));
      }
    }
  });

  it('compiles as JSON Schema 2020-12 (the dialect of OpenAPI 3.1) for every answer', () => {
    const validator = responseValidator(document);
    expect(validator.routes).toBe(API_ROUTES.length);
  });

  it('validates answers by route and status: a right one passes, a wrong one names what is wrong', () => {
    const validator = responseValidator(document);
    expect(validator.check('GET', '/api/health', 200, { status: 'ok' }).ok).toBe(false);
    expect(validator.check('GET', '/api/milestones/extra', 200, {}).problem).toMatch(/no route/);
    // A path the api does not serve: its 404 in the error shape is a right answer, anything else is not.
    const notFound = { statusCode: 404, error: 'Cannot GET /api/nothing', message: 'Cannot GET /api/nothing' };
    expect(validator.check('GET', '/api/nothing', 404, notFound).ok).toBe(true);
    expect(validator.check('GET', '/api/nothing', 404, { oops: true }).ok).toBe(false);
    expect(validator.check('GET', '/api/ops/members/123', 404, { statusCode: 404, error: 'x', message: 'x' }).ok).toBe(
      true,
    );
    // A fixed path wins over a parameter at the same place (/api/artists/my is not /api/artists/{id}).
    expect(validator.match('GET', '/api/artists/my')).toBe('/api/artists/my');
    expect(validator.match('GET', '/api/artists/abc')).toBe('/api/artists/{id}');
    expect(validator.check('POST', '/api/logout', 200, { ok: true, message: 'Logged out' }).ok).toBe(true);
    expect(validator.check('POST', '/api/logout', 200, { ok: 'yes' }).problem).toMatch(/ok/);
  });

  it('a route the registry gains shows up in the document', () => {
    const extra: ApiRoute = {
      method: 'delete',
      path: '/api/things/{thingId}',
      summary: 'x',
      tag: 'platform',
      access: 'member',
      responses: { 200: z.object({ gone: z.boolean() }) },
    };
    const withExtra = openApiDocument([...API_ROUTES, extra]) as Doc;
    expect(withExtra.paths['/api/things/{thingId}']?.delete).toBeDefined();
    expect(new Ajv2020({ strict: false })).toBeDefined();
  });
});
