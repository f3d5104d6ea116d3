import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Queue } from 'bullmq';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { createLogger, Redis } from '@app/platform';

/** Where the board is mounted: a page of the console, served by the api (not the web app). */
export const QUEUE_BOARD_PATH = '/ops/queues';

/**
 * The writes the board may make: retrying failed jobs, all of a queue's or one. Its other actions
 * (clean, empty, pause, remove, promote, add, change data) are refused: a queue's jobs are the
 * product's own bookkeeping (wake-ups, emails, schedules), and those buttons could lose them.
 */
const ALLOWED_WRITES = [/^\/api\/queues\/[^/]+\/retry\/failed$/, /^\/api\/queues\/[^/]+\/[^/]+\/retry$/];
export const QUEUE_BOARD_WRITE_REFUSED = 'The queue board lets operators retry failed jobs; nothing else changes here.';

export interface QueueBoardOptions {
  /** The product's queues (PRODUCT_QUEUE_NAMES) and where their keys live. */
  queueNames: readonly string[];
  redis: Redis;
  prefix: string;
  /** The session middleware (express-session, passport), run before the check; CSRF after it. */
  sessions: readonly RequestHandler[];
  csrf: RequestHandler;
  /** Whether the request's session is an operator's that passed the second factor (operatorConsoleAccess). */
  isOperator: (request: Request) => Promise<boolean>;
  logger: ReturnType<typeof createLogger>;
}

function runAll(handlers: readonly RequestHandler[], req: Request, res: Response, done: NextFunction): void {
  let index = 0;
  const next = (error?: unknown): void => {
    if (error !== undefined && error !== null) return done(error);
    const handler = handlers[index++];
    if (!handler) return done();
    try {
      const result: unknown = handler(req, res, next);
      if (result instanceof Promise) result.catch(next);
    } catch (thrown) {
      next(thrown);
    }
  };
  next();
}

const EMAIL_QUEUE = 'email';

/**
 * What the board shows of an email job: its subject and request id. Never the address or the body: a
 * body holds one-time links (a password reset signs in as the member) and personal data an operator
 * has no need to read, and the board is a window onto every member's mail.
 */
function emailJobSummary(data: unknown): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const { subject, requestId } = data as { subject?: unknown; requestId?: unknown };
  return { subject, requestId, to: '(hidden)', body: '(hidden)' };
}

/**
 * bull-board at /ops/queues, for operators past the second factor only: mount with
 * `app.use(QUEUE_BOARD_PATH, handler)`. Everyone else falls through to what any other path gets (the web
 * app, which shows its not-found page at /ops/..., or the api's 404 without it), so the board's existence
 * tells nobody anything, like the console's /api/ops routes. Its writes pass CSRF (the board's client
 * echoes the XSRF-TOKEN cookie, as the web app does) and only retries are allowed.
 */
export function queueBoard(options: QueueBoardOptions): RequestHandler {
  // On the api's shared connection, like the dashboard's counts: closed with it at shutdown.
  const queues = options.queueNames.map(
    (name) => new Queue(name, { connection: options.redis, prefix: options.prefix }),
  );
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => {
      const adapter = new BullMQAdapter(queue, { readOnlyMode: false, allowRetries: true });
      if (queue.name === EMAIL_QUEUE) adapter.setFormatter('data', emailJobSummary);
      return adapter;
    }),
    serverAdapter,
    options: {
      uiConfig: {
        boardTitle: 'Payola queues',
        hideDocsLink: true,
        miscLinks: [{ text: 'Back to the console', url: '/ops' }],
      },
    },
  });
  const boardApp = serverAdapter.getRouter() as RequestHandler;
  // The board is an Express app of its own: it gives the request and answer its prototypes, which are
  // put back when it passes the request on (as Express does for an app mounted with app.use).
  const board: RequestHandler = (req, res, next) => {
    const [request, response] = [Object.getPrototypeOf(req) as object, Object.getPrototypeOf(res) as object];
    void boardApp(req, res, (error?: unknown) => {
      Object.setPrototypeOf(req, request);
      Object.setPrototypeOf(res, response);
      next(error);
    });
  };
  const sessions = options.sessions.filter((handler) => handler !== options.csrf);

  return (req, res, next) => {
    runAll(sessions, req, res, (error?: unknown) => {
      if (error) return next(error);
      options.isOperator(req).then((operator) => {
        if (!operator) return next();
        runAll([options.csrf], req, res, (csrfError?: unknown) => {
          if (csrfError) return next(csrfError);
          const write = req.method !== 'GET' && req.method !== 'HEAD';
          if (write && !ALLOWED_WRITES.some((allowed) => allowed.test(req.path))) {
            res
              .status(403)
              .json({ statusCode: 403, error: QUEUE_BOARD_WRITE_REFUSED, message: QUEUE_BOARD_WRITE_REFUSED });
            return;
          }
          if (write) {
            const operatorId = (req.user as { id?: string } | undefined)?.id;
            options.logger.info(
              { operatorId, action: `${req.method} ${QUEUE_BOARD_PATH}${req.path}` },
              'queue board: retry',
            );
          }
          board(req, res, next);
        });
      }, next);
    });
  };
}
