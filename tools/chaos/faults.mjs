// The faults of a run, drawn from its seed: SIGKILL the worker, SIGKILL the api, restart Redis empty,
// pause PostgreSQL (SIGSTOP, then SIGCONT). The harness starts again what it killed after a short
// random delay, as a process supervisor would.
import { setTimeout as sleep } from 'node:timers/promises';

export const FAULT_KINDS = ['kill-worker', 'kill-api', 'restart-redis', 'pause-postgres'];

/**
 * When and what: every kind once (in a random order), then more at random, about one every 5 s,
 * spread over the run after a short warm-up and ending a little before it.
 */
export function planFaults(rng, seconds) {
  const count = Math.max(FAULT_KINDS.length, Math.round(seconds / 5));
  const kinds = [...rng.shuffle(FAULT_KINDS)];
  while (kinds.length < count) kinds.push(rng.pick(FAULT_KINDS));
  const start = 2000;
  const end = Math.max(start + 1000, seconds * 1000 - 3000);
  const slot = (end - start) / count;
  return kinds.map((kind, i) => ({
    kind,
    at: Math.round(start + i * slot + rng.next() * slot * 0.6),
    // How long the supervisor waits before starting a killed process again, or how long the pause lasts:
    // mostly a few seconds, one pause in five longer than a fan waits for an answer (the api must answer
    // 503 in time rather than hang with the database).
    ms:
      kind !== 'pause-postgres'
        ? rng.between(200, 2000)
        : rng.chance(0.2)
          ? rng.between(21_000, 24_000)
          : rng.between(1000, 5000),
  }));
}

/**
 * Injects the planned faults at their times (ms since the journal's start). Faults of different kinds
 * may overlap; one kind waits for its previous fault to be over. Answers what happened.
 */
export async function injectFaults({ plan, stack, app, journal }) {
  const busy = new Map();
  const done = [];
  const problems = [];
  await Promise.all(
    plan.map(async (fault) => {
      await sleep(Math.max(0, fault.at - journal.now()));
      const record = { ...fault };
      const inject = async () => {
        record.started = journal.now();
        if (fault.kind === 'kill-worker' || fault.kind === 'kill-api') {
          const target = fault.kind === 'kill-worker' ? app.worker : app.api;
          const back = await target.sigkill(fault.ms);
          if (!back) {
            problems.push({
              title: `${target.name} did not come back after SIGKILL`,
              detail: `at ${record.started} ms`,
            });
          }
        } else if (fault.kind === 'restart-redis') {
          await stack.restartRedis(fault.ms);
        } else {
          record.processes = (await stack.pausePostgres(fault.ms)).processes;
        }
      };
      // One fault of a kind at a time: this one starts when the previous one of its kind is over.
      const work = (busy.get(fault.kind) ?? Promise.resolve()).then(inject);
      busy.set(
        fault.kind,
        work.catch(() => undefined),
      );
      try {
        await work;
      } catch (error) {
        problems.push({ title: `fault ${fault.kind} could not be injected`, detail: String(error?.message ?? error) });
      }
      record.ended = journal.now();
      done.push(record);
    }),
  );
  return { faults: done.sort((x, y) => x.started - y.started), problems };
}
