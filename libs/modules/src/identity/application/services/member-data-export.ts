import { Readable } from 'node:stream';
import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ZipArchive } from 'archiver';
import { stringify } from 'csv-stringify/sync';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import {
  InjectConfig,
  InjectPool,
  InjectRedis,
  isDatabaseUnavailable,
  type AppConfig,
  type DataExportSection,
  type ExportRow,
  type Pool,
  type PoolClient,
  type Queryable,
} from '@app/platform';
import { ExportCatalogData } from '../../../catalog/queries.js';
import { ExportMediaData } from '../../../media/queries.js';
import { ExportMembershipData } from '../../../membership/queries.js';
import { ExportOutreachData } from '../../../outreach/queries.js';
import { ExportPayolaData } from '../../../payola/queries.js';
import { ExportShopData } from '../../../shop/queries.js';
import { ExportAccountData } from '../queries/export-account-data/export-account-data.query.js';

/** Exports a member may start per hour (times RATE_LIMIT_FACTOR), besides one at a time. */
export const DATA_EXPORTS_PER_HOUR = 5;

export const DATA_EXPORT_MESSAGES = {
  inProgress: 'Your data is already being prepared in another download. Please wait for it to finish, then try again.',
  tooMany: (minutes: number) =>
    `You have downloaded your data ${DATA_EXPORTS_PER_HOUR} times in the last hour. Please try again in ` +
    `${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/**
 * How long the export's snapshot may wait on a slow download between two reads. The pool's 30 s would
 * end a download the browser is merely slow to take; a transaction that only reads and has no
 * transaction id holds back no projector (they read below the oldest running transaction id).
 */
const SNAPSHOT_IDLE_LIMIT = '5min';

/** The export's answer: the zip's name and the stream of its bytes. */
export interface DataExportDownload {
  fileName: string;
  zip: Readable;
}

/**
 * A member's data export (GDPR articles 15 and 20; docs/operations.md, Data export): each module reads
 * its own data through the query it exports, all inside one read-only repeatable-read snapshot on one
 * connection, so the JSON and CSV files of a section (written one after the other) and the sections
 * themselves agree. Rows come through cursors and go straight into a streamed zip: memory holds a batch
 * of rows, never the member's whole history, and the first bytes leave before the last rows are read.
 * One export per member at a time (a transaction-scoped advisory lock, which a dropped connection
 * releases too) and DATA_EXPORTS_PER_HOUR an hour.
 */
@Injectable()
export class MemberDataExport {
  private readonly logger = new Logger('MemberDataExport');
  private readonly perHour: RateLimiterRedis;

  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @InjectRedis() redis: Redis,
    @InjectConfig() config: AppConfig,
  ) {
    const points = DATA_EXPORTS_PER_HOUR * config.RATE_LIMIT_FACTOR;
    this.perHour = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${config.QUEUE_PREFIX}-rl-data-export-perUser`,
      points,
      duration: 60 * 60,
      insuranceLimiter: new RateLimiterMemory({ points, duration: 60 * 60 }),
    });
  }

  /**
   * Takes the snapshot and the member's lock, spends one of the hour's exports and answers the zip,
   * which streams as it is read. Refusals (429) come before any byte is sent.
   */
  async start(userId: string, requestId: string | undefined, now = new Date()): Promise<DataExportDownload> {
    const snapshot = new Snapshot(await this.pool.connect());
    let sections: DataExportSection[];
    try {
      await snapshot.db.query('begin isolation level repeatable read, read only');
      await snapshot.db.query(`set local idle_in_transaction_session_timeout = '${SNAPSHOT_IDLE_LIMIT}'`);
      const { rows } = await snapshot.db.query<{ locked: boolean }>(
        `select pg_try_advisory_xact_lock(hashtextextended('data-export:' || $1, 0)) as locked`,
        [userId],
      );
      if (!rows[0]?.locked) throw new TooManyExportsError(DATA_EXPORT_MESSAGES.inProgress, 30);
      await this.spendOne(userId);
      sections = await this.sections(userId, snapshot.db);
    } catch (error) {
      await snapshot.end(error);
      throw error;
    }
    const fileName = `payola-my-data-${now.toISOString().slice(0, 10)}.zip`;
    const zip = new ZipArchive({ zlib: { level: 6 } });
    const started = Date.now();
    zip.on('end', () => {
      // The audit line (docs/operations.md, Data export): who, which request, how much; never the data.
      this.logger.log({
        msg: 'member data exported',
        audit: 'data-export',
        userId,
        requestId,
        files: sections.length * 2 + 1,
        bytes: zip.pointer(),
        ms: Date.now() - started,
      });
      void snapshot.end();
    });
    zip.on('error', (error) => {
      this.logger.warn({ msg: 'member data export failed', audit: 'data-export', userId, requestId, error });
      void snapshot.end(error);
    });
    // A download the browser gave up on (the zip destroyed before its end): give the connection back.
    zip.on('close', () => void snapshot.end(new Error('data export abandoned')));
    // One entry at a time: archiver starts reading a stream the moment it is appended, and the sections
    // take turns on the export's one connection. Each entry is appended once the one before is in the zip.
    const entries: [name: string, content: () => Readable][] = sections.flatMap((section) => [
      [`${section.file}.json`, () => Readable.from(jsonFile(section))],
      [`${section.file}.csv`, () => Readable.from(csvFile(section))],
    ]);
    zip.on('entry', () => {
      const next = entries.shift();
      // Every row is read: the snapshot (and the member's lock) ends before the zip's last bytes go, so a
      // member who downloads again the moment this one arrives is not told it is still being prepared.
      if (!next) return void snapshot.end().then(() => zip.finalize().catch(() => undefined));
      const content = next[1]();
      // archiver pipes an entry's stream, and a pipe does not pass errors on: a failed read (or one
      // refused after the download was given up) fails the zip here, never as an unhandled 'error'.
      content.once('error', (error) => zip.destroy(error));
      zip.append(content, { name: next[0], date: now });
    });
    zip.append(readme(sections, now), { name: 'README.txt', date: now });
    return { fileName, zip };
  }

  private async spendOne(userId: string): Promise<void> {
    try {
      await this.perHour.consume(userId);
    } catch (rejection) {
      // rate-limiter-flexible rejects with its verdict when the points are spent.
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const minutes = Math.max(1, Math.ceil(rejection.msBeforeNext / 60_000));
      throw new TooManyExportsError(DATA_EXPORT_MESSAGES.tooMany(minutes), Math.ceil(rejection.msBeforeNext / 1000));
    }
  }

  /** Every module's part, in the order README.txt lists them. */
  private async sections(userId: string, db: Queryable): Promise<DataExportSection[]> {
    const { rows } = await db.query<{ email: string }>('select email from identity_users where id = $1', [userId]);
    const email = rows[0]?.email;
    const parts = [
      await this.queries.execute(new ExportAccountData(userId, db)),
      await this.queries.execute(new ExportMembershipData(userId, db)),
      await this.queries.execute(new ExportPayolaData(userId, db)),
      await this.queries.execute(new ExportShopData(userId, db)),
      await this.queries.execute(new ExportCatalogData(userId, db)),
      await this.queries.execute(new ExportMediaData(userId, db)),
      email ? await this.queries.execute(new ExportOutreachData(email, db)) : [],
    ];
    return parts.flat();
  }
}

/** A 429 that also says when to come back (Retry-After, in seconds). */
export class TooManyExportsError extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * The export's connection and transaction. Its `db` refuses to run anything once the export has ended:
 * a read still suspended in an abandoned zip entry must never reach a connection the pool has handed on.
 */
class Snapshot {
  private ended = false;
  readonly db: Queryable;

  constructor(private readonly client: PoolClient) {
    const query = (text: string, values?: readonly unknown[]) =>
      this.ended
        ? Promise.reject(new Error('The data export has ended'))
        : client.query(text, values ? [...values] : []);
    // pg's query() is a set of overloads; the export's readers use only the (text, values) promise form.
    this.db = { query } as Queryable;
  }

  /** Commits (or rolls back after an error) and gives the connection back, once: 'end', 'error' and 'close' may all come. */
  async end(error?: unknown): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    if (error && isDatabaseUnavailable(error)) return this.client.release(true);
    try {
      await this.client.query(error ? 'rollback' : 'commit');
      this.client.release();
    } catch (failure) {
      this.client.release(failure instanceof Error ? failure : true);
    }
  }
}

/** A JSON array, one row per line: written as the rows are read, never held whole. */
async function* jsonFile(section: DataExportSection): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const row of section.rows()) {
    yield `${first ? '\n' : ',\n'}  ${JSON.stringify(row)}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

/** Rows per CSV chunk: few enough to hold, many enough that csv-stringify's set-up is not per row. */
const CSV_CHUNK = 500;

/**
 * CSV with a header line, by csv-stringify (quotes, commas and line breaks in values escaped; a text
 * that a spreadsheet would run as a formula is prefixed with a quote). Lists are joined with "; ",
 * objects written as JSON. A generator, like the JSON file, so nothing is read before the zip asks
 * for this entry: the sections take turns on the export's one connection.
 */
async function* csvFile(section: DataExportSection): AsyncGenerator<string> {
  const options = {
    columns: [...section.columns],
    escape_formulas: true,
    cast: {
      boolean: (value: boolean) => String(value),
      object: (value: object) => (Array.isArray(value) ? value.join('; ') : JSON.stringify(value)),
    },
  };
  let chunk: ExportRow[] = [];
  let header = true;
  const flush = () => {
    const text = stringify(chunk, { ...options, header });
    header = false;
    chunk = [];
    return text;
  };
  for await (const row of section.rows()) {
    chunk.push(row);
    if (chunk.length === CSV_CHUNK) yield flush();
  }
  yield flush();
}

function readme(sections: readonly DataExportSection[], now: Date): string {
  const lines = [
    'Your data from Payola',
    '=====================',
    '',
    `Exported on ${now.toISOString()} (UTC) at your request. Each kind of data is in two files with the`,
    'same rows: a .json file (a list of objects) and a .csv file (a header line, then one line per row;',
    'lists are joined with "; ", settings written as JSON, and a value that starts like a spreadsheet',
    "formula is prefixed with '). Dates are ISO 8601 in UTC; amounts of money are in cents.",
    '',
    "It holds only your own data: other members' messages, votes and profiles are not part of it.",
    'Card details are held by the payment provider and never by us.',
    '',
    'Files',
    '-----',
  ];
  for (const section of sections) {
    lines.push('', `${section.file}.json, ${section.file}.csv`, ...wrap(section.about, 100));
    lines.push(`  Columns: ${section.columns.join(', ')}`);
  }
  lines.push('', 'Questions about your data: use the contact form on the website.', '');
  return lines.join('\r\n');
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width - 2) {
      lines.push(`  ${line}`);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(`  ${line}`);
  return lines;
}
