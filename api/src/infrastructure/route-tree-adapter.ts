import { IncomingMessage, ServerResponse, createServer } from 'node:http';
import { Logger, type NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { HandlersInFlight, SHUTDOWN_GRACE_MS } from './handlers-in-flight.js';

/** The methods Nest registers routes with, as the adapter's method names (RouterMethodFactory). */
type RouteMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options' | 'search' | 'all';
const EVERY_METHOD: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'SEARCH'];

/** What a route keeps beside its handler: its template, for the access log and the OpenAPI check. */
interface RouteStore {
  path: string;
}

/** A request as a matched Express route leaves it (req.route is typed loosely by Express). */
type RoutedRequest = Request & { route?: RouteStore };

/**
 * Nest on Express, with the routes in one radix tree (find-my-way, Fastify's router) instead of Express's
 * route list. Express matches a request against its routes one after another, a regular expression each
 * for every route registered before its own (106 in all): 7% of the api's CPU on a profile read
 * (docs/performance.md, 2026-11-29). The tree finds a route in one walk of the path.
 *
 * Only Nest's routes move: they are registered through this adapter's get/post/... methods; the tree is
 * one Express layer, mounted where the first route would have been, so every middleware before the routes
 * and the not-found and error handlers after them keep their places. Matching is Express's default:
 * case-insensitive, a trailing slash ignored, a GET route answering HEAD; what no route takes (an OPTIONS
 * request too) goes on to Nest's not-found handler. The route's template is set as req.route.path and its
 * parameters as req.params, as Express would.
 */
export class RouteTreeAdapter extends ExpressAdapter {
  // Express bounds no parameter's length (find-my-way's default is 100): none short of Node's 16 kB of headers.
  private readonly tree = FindMyWay({ caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 16_384 });
  private mounted = false;
  /** The routes running: from the tree's dispatch until Nest's route promise settles. */
  readonly handlers = new HandlersInFlight();

  /**
   * Stops accepting connections, then waits for the routes still running, whose clients may have left:
   * Nest closes the pool, Redis and the queues (the shutdown hooks) only once this has resolved.
   */
  override async close(): Promise<void> {
    await super.close();
    if (await this.handlers.settled(SHUTDOWN_GRACE_MS)) return;
    new Logger('RouteTreeAdapter').warn(
      `${this.handlers.count} handler(s) still running ${SHUTDOWN_GRACE_MS} ms into shutdown; closing the pools anyway`,
    );
  }

  override get(...args: unknown[]): unknown {
    return this.route('get', args);
  }
  override post(...args: unknown[]): unknown {
    return this.route('post', args);
  }
  override put(...args: unknown[]): unknown {
    return this.route('put', args);
  }
  override patch(...args: unknown[]): unknown {
    return this.route('patch', args);
  }
  override delete(...args: unknown[]): unknown {
    return this.route('delete', args);
  }
  override head(...args: unknown[]): unknown {
    return this.route('head', args);
  }
  override options(...args: unknown[]): unknown {
    return this.route('options', args);
  }
  override search(...args: unknown[]): unknown {
    return this.route('search', args);
  }
  override all(...args: unknown[]): unknown {
    return this.route('all', args);
  }

  /**
   * The HTTP server makes its requests and responses as Express's own from the start. Express gives each
   * request and response its prototypes as it takes them (Object.setPrototypeOf): a change of shape that
   * V8 pays for at the call and again at every property access the objects meet afterwards, which then
   * sees two shapes of each. Created with those prototypes, the call changes nothing: profiles a second
   * +5-7%, api CPU per profile 0-8% less (docs/performance.md, 2026-11-29 03:44). HTTPS and forced
   * connection closing stay Nest's (neither is used here).
   */
  override initHttpServer(options: NestApplicationOptions): void {
    // Nest's own set-up first (its 503-while-closing middleware when asked); only its plain server is replaced,
    // before anything listens on it.
    super.initHttpServer(options);
    if (options.httpsOptions || options.forceCloseConnections) return;
    const app = this.getInstance<Express>();
    this.httpServer = createServer(
      {
        IncomingMessage: classWithPrototype(IncomingMessage, app.request),
        ServerResponse: classWithPrototype(ServerResponse, app.response),
      },
      app,
    );
  }

  /** A route (a path and a handler) goes into the tree; anything else (`get('trust proxy')`) to Express. */
  private route(method: RouteMethod, args: unknown[]): unknown {
    const [path, handler] = args;
    if (args.length !== 2 || typeof path !== 'string' || typeof handler !== 'function') {
      return (this.instance as unknown as Record<RouteMethod, (...a: unknown[]) => unknown>)[method](...args);
    }
    if (!this.mounted) {
      (this.instance as Express).use(this.dispatch);
      this.mounted = true;
    }
    const store: RouteStore = { path };
    const methods = method === 'all' ? EVERY_METHOD : [method.toUpperCase() as HTTPMethod];
    this.tree.on(methods, path, handler as never, store);
    return this;
  }

  /** The Express layer that finds the request's route in the tree and runs it, or passes the request on. */
  private readonly dispatch: RequestHandler = (req: RoutedRequest, res: Response, next: NextFunction) => {
    const method = req.method as HTTPMethod;
    const path = req.path;
    const found = this.tree.find(method, path) ?? (method === 'HEAD' ? this.tree.find('GET', path) : null);
    if (!found) return next();
    req.params = found.params as Record<string, string>;
    req.route = found.store as RouteStore;
    this.handlers.begin();
    let result: unknown;
    try {
      result = (found.handler as unknown as RequestHandler)(req, res, next);
    } catch (error) {
      this.ended();
      return next(error);
    }
    // Nest's route is an async function that settles once its guards, pipes, handler and answer are done.
    if (!(result instanceof Promise)) return this.ended();
    result.then(this.ended, (error: unknown) => {
      this.ended();
      // As Express 5 does: a rejected promise of a handler goes to the error handlers.
      next(error);
    });
  };

  private readonly ended = (): void => this.handlers.end();
}

/**
 * A constructor of Node's `base` (IncomingMessage, ServerResponse) whose instances have `prototype`
 * (Express's app.request or app.response, which inherit from base's prototype).
 */
function classWithPrototype<C extends typeof IncomingMessage | typeof ServerResponse>(base: C, prototype: object): C {
  // base's constructor makes the object, as it would for `new base`, with Made.prototype as its prototype
  // (a plain call of base on an object made by Made measured slower: the object's fields were laid out for Made).
  function Made(...args: unknown[]): object {
    return Reflect.construct(base, args, Made) as object;
  }
  Made.prototype = prototype;
  return Made as unknown as C;
}
