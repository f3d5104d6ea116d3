import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ModulesContainer } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import type { z } from 'zod';
import { ZodValidationPipe } from '@app/platform';

/** A route as Nest knows it, with the zod contracts its parameters are bound to. */
export interface FuzzRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** With the global prefix and `:name` parameters: `/api/artists/:id/vote`. */
  path: string;
  params: string[];
  body?: z.ZodType;
  /** Whether the handler reads a body at all (some take none, or read the raw bytes). */
  readsBody: boolean;
  query?: z.ZodType;
  /** Query keys read one by one without a contract (`@Query('userId')`). */
  queryKeys: string[];
}

interface RouteArg {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

const METHODS: Partial<Record<RequestMethod, FuzzRoute['method']>> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.PATCH]: 'PATCH',
  [RequestMethod.DELETE]: 'DELETE',
};

const asList = (value: unknown): string[] => ([] as unknown[]).concat(value ?? '/').map(String);
const join = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

function contractOf(arg: RouteArg): z.ZodType | undefined {
  const pipe = arg.pipes?.find((p): p is ZodValidationPipe<z.ZodType> => p instanceof ZodValidationPipe);
  return pipe?.schema;
}

/**
 * Every HTTP route of the application, read from the metadata Nest routes by (controllers'
 * @Controller paths, handlers' @Get/@Post..., and the @Body/@Query/@Param arguments with their pipes),
 * so an endpoint added tomorrow is fuzzed without touching the test.
 */
export function discoverRoutes(app: INestApplication, globalPrefix = 'api'): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  const seen = new Set<unknown>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller || seen.has(controller)) continue;
      seen.add(controller);
      const prefixes = asList(Reflect.getMetadata(PATH_METADATA, controller));
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as unknown;
        if (!method || paths === undefined) continue;
        const args = Object.entries(
          (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, RouteArg>,
        );
        const ofType = (type: RouteParamtypes) =>
          args.filter(([key]) => key.split(':')[0] === String(type)).map(([, arg]) => arg);
        const bodies = ofType(RouteParamtypes.BODY);
        const queries = ofType(RouteParamtypes.QUERY);
        for (const prefix of prefixes) {
          for (const path of asList(paths)) {
            const full = join(globalPrefix, prefix, path);
            routes.push({
              method,
              path: full,
              params: [...full.matchAll(/:(\w+)/g)].map((m) => m[1]!),
              body: bodies.map(contractOf).find(Boolean),
              readsBody: bodies.length > 0 || ofType(RouteParamtypes.REQUEST).length > 0,
              query: queries.map(contractOf).find(Boolean),
              queryKeys: queries.flatMap((q) => (typeof q.data === 'string' ? [q.data] : [])),
            });
          }
        }
      }
    }
  }
  return routes.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}
