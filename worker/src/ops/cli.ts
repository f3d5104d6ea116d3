import { MultiBar, Presets } from 'cli-progress';
import { createPool, loadConfigOrExit, runMigrations, type Pool } from '@app/platform';
import {
  formatLogPosition,
  readModelMigrations,
  readLag,
  REBUILD_BATCH_SIZE,
  replayProjection,
  sealExistingPersonalData,
  surveyLog,
  verifyProjection,
  type LogSurvey,
  type Projection,
  type RebuildOptions,
} from '@app/event-store';
import { createDomainEventRegistry } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { schemaMigrations } from '@app/modules/migrations';
import { changeOperator, OperatorCommandRefusedError, UnknownOperatorEmailError } from '@app/modules/operators';
import { createLogConsumers, projections } from '../log-consumers.js';
import { forEachConcurrently } from './concurrently.js';
import { NoDatabaseError, resolveDatabaseUrl } from './database-url.js';

const USAGE = `Usage: npm run ops -- <command>

Commands:
  migrate                 apply the platform's, the modules' and the read models' missing migrations
  status                  each projector's position and lag
  replay [projector...]   rebuild read models from the start of the log and swap them in
                          (all projections when none is named); never re-runs side effects
  verify [projector...]   rebuild into scratch tables and report every difference from the live
                          read models; exits 1 when there is one
  operator grant <email> [reason...]
                          let the account open the console at /ops (after it sets up a second
                          factor); recorded as OperatorGranted, never possible through the web
  operator revoke <email> [reason...]
                          close the console to the account at once and forget its second factor`;

/**
 * Projections rebuilt at once by `replay` and `verify` of several: on two cores one projector's
 * reading and folding in Node overlaps the other's writing in PostgreSQL. Each has its own scratch
 * tables and checkpoint, so they never wait for each other.
 */
const REBUILD_CONCURRENCY = 2;

/** A progress bar per projection being rebuilt (on stderr), and the result lines (on stdout). */
function rebuildReporter() {
  const bars = new MultiBar(
    {
      format: '{label} {bar} {percentage}% | {value}/{total} events | {rate} events/s',
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 2000,
    },
    Presets.shades_classic,
  );
  // Both on one terminal: a line printed past the bars would be overdrawn, so it goes above them.
  const sameScreen = Boolean(process.stdout.isTTY && process.stderr.isTTY);
  return {
    say(line: string) {
      if (sameScreen) bars.log(`${line}\n`);
      else console.log(line);
    },
    options(label: string, survey: LogSurvey): RebuildOptions {
      const started = performance.now();
      let bar: ReturnType<MultiBar['create']> | undefined;
      return {
        batchSize: REBUILD_BATCH_SIZE,
        survey,
        onProgress(handled, total) {
          bar ??= bars.create(total, 0, { label: label.padEnd(36), rate: 0 });
          const seconds = (performance.now() - started) / 1000;
          bar.setTotal(total);
          bar.update(handled, { rate: Math.round(handled / Math.max(seconds, 0.001)) });
        },
      };
    },
    finish() {
      bars.stop();
    },
  };
}

function selectProjections(names: string[]): Projection[] {
  const all = [...projections];
  if (names.length === 0) return all;
  const unknown = names.filter((name) => !all.some((p) => p.name === name));
  if (unknown.length > 0) {
    throw new UsageError(`Unknown projection: ${unknown.join(', ')}. Known: ${all.map((p) => p.name).join(', ')}`);
  }
  return all.filter((p) => names.includes(p.name));
}

class UsageError extends Error {}

async function status(pool: Pool): Promise<number> {
  const logConsumers = createLogConsumers(new EventStore(pool, createDomainEventRegistry()));
  const lags = await readLag(
    pool,
    logConsumers.map((c) => c.name),
  );
  const { rows } = await pool.query<{ total: number }>('select count(*)::bigint as total from events');
  console.log(`Event log: ${rows[0]?.total ?? 0} events\n`);
  const header = ['consumer', 'kind', 'position', 'processed', 'events behind', 'seconds behind'];
  const table = lags.map((lag) => [
    lag.name,
    logConsumers.find((c) => c.name === lag.name)?.kind ?? '?',
    formatLogPosition(lag.position),
    String(lag.eventsProcessed),
    String(lag.eventsBehind),
    lag.secondsBehind.toFixed(3),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]?.length ?? 0)));
  for (const row of [header, ...table]) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
  return 0;
}

async function replay(pool: Pool, names: string[]): Promise<number> {
  const projections = selectProjections(names);
  const survey = await surveyLog(pool);
  const report = rebuildReporter();
  try {
    await forEachConcurrently(projections, REBUILD_CONCURRENCY, async (projection) => {
      const result = await replayProjection(pool, projection, report.options(`replay ${projection.name}`, survey));
      report.say(
        `${projection.name}: rebuilt from ${result.events} events in ${result.seconds.toFixed(2)} s ` +
          `(${Math.round(result.events / Math.max(result.seconds, 0.001))} events/s) and swapped in`,
      );
    });
  } finally {
    report.finish();
  }
  return 0;
}

async function verify(pool: Pool, names: string[]): Promise<number> {
  const projections = selectProjections(names);
  const survey = await surveyLog(pool);
  const report = rebuildReporter();
  let differing = 0;
  try {
    await forEachConcurrently(projections, REBUILD_CONCURRENCY, async (projection) => {
      const differences = await verifyProjection(pool, projection, report.options(`verify ${projection.name}`, survey));
      if (differences.length === 0) {
        report.say(`${projection.name}: matches a full replay`);
        return;
      }
      differing += 1;
      // One projection's report in one piece, whatever the other projector prints meanwhile.
      const lines = differences.flatMap((difference) => [
        `${projection.name}.${difference.table}: ${difference.onlyLive} row(s) only in the live table, ` +
          `${difference.onlyRebuilt} row(s) only in the rebuild`,
        ...difference.examples.map((example) => `  ${example.side}: ${JSON.stringify(example.row)}`),
      ]);
      report.say(lines.join('\n'));
    });
  } finally {
    report.finish();
  }
  if (differing > 0)
    console.log(`\n${differing} projection(s) differ from a full replay. Run "npm run ops -- replay" to rebuild.`);
  return differing > 0 ? 1 : 0;
}

async function operator(pool: Pool, [change, email, ...reason]: string[]): Promise<number> {
  if ((change !== 'grant' && change !== 'revoke') || !email) {
    throw new UsageError(`Usage: npm run ops -- operator grant|revoke <email> [reason...]\n\n${USAGE}`);
  }
  const store = new EventStore(pool, createDomainEventRegistry());
  const because = reason.join(' ').trim() || `${change} from the ops command`;
  try {
    const { userId } = await changeOperator(pool, store, change, email, because);
    console.log(
      change === 'grant'
        ? `${email} (user ${userId}) is now an operator. They sign in as usual and set up a second factor at /ops.`
        : `${email} (user ${userId}) is no longer an operator; the console is closed to them and their second factor forgotten.`,
    );
    return 0;
  } catch (error) {
    // A refusal is an answer, not a crash: its message says what was wrong and that nothing changed.
    if (error instanceof OperatorCommandRefusedError || error instanceof UnknownOperatorEmailError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const database = await resolveDatabaseUrl();
  console.error(`Database: ${database.description}`);
  const config = loadConfigOrExit({ ...process.env, DATABASE_URL: database.url });
  if (command === 'migrate') {
    // One run, one order: the platform's tables, the modules', then every projection's read model.
    const applied = await runMigrations(config.DATABASE_URL, [
      ...schemaMigrations,
      ...projections.map(readModelMigrations),
    ]);
    console.log(
      applied.length > 0
        ? `Applied migrations: ${applied.map((m) => `${m.source} ${m.name}`).join(', ')}`
        : 'Database is up to date',
    );
    // A log written before crypto-shredding gets its personal fields sealed, once (docs/decisions.md).
    const sealing = createPool({ connectionString: config.DATABASE_URL, max: 1, applicationName: 'ops' });
    try {
      const sealed = await sealExistingPersonalData(sealing, createDomainEventRegistry());
      if (sealed > 0) console.log(`Sealed the personal fields of ${sealed} events already in the log`);
    } finally {
      await sealing.end();
    }
    return 0;
  }
  const pool = createPool({ connectionString: config.DATABASE_URL, max: 4, applicationName: 'ops' });
  try {
    switch (command) {
      case 'status':
        return await status(pool);
      case 'replay':
        return await replay(pool, args);
      case 'verify':
        return await verify(pool, args);
      case 'operator':
        return await operator(pool, args);
      default:
        throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } finally {
    await pool.end();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const expected = error instanceof UsageError || error instanceof NoDatabaseError;
    console.error(expected ? error.message : error);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
