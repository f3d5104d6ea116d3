import { lastValueFrom, Subject } from 'rxjs';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { HandlersInFlight } from './handlers-in-flight.js';

/** A handler that answers when the test says. */
function pendingHandler() {
  const answer = new Subject<string>();
  const next: CallHandler = { handle: () => answer.asObservable() };
  return {
    next,
    answer: (value: string) => (answer.next(value), answer.complete()),
    fail: () => answer.error(new Error('no')),
  };
}

describe('HandlersInFlight', () => {
  const context = {} as ExecutionContext;

  it('settles at once with nothing running, and when the last running handler ends, answered or failed', async () => {
    const inFlight = new HandlersInFlight();
    await expect(inFlight.settled(10)).resolves.toBe(true);

    const first = pendingHandler();
    const second = pendingHandler();
    const answered = lastValueFrom(inFlight.intercept(context, first.next));
    const failed = lastValueFrom(inFlight.intercept(context, second.next)).catch((error: Error) => error.message);
    expect(inFlight.count).toBe(2);

    let settled: boolean | undefined;
    void inFlight.settled(5000).then((value) => (settled = value));
    first.answer('ok');
    await expect(answered).resolves.toBe('ok');
    expect(inFlight.count).toBe(1);
    expect(settled).toBeUndefined();
    second.fail();
    await expect(failed).resolves.toBe('no');
    await Promise.resolve();
    expect(settled).toBe(true);
    expect(inFlight.count).toBe(0);
  });

  it('gives up after its bound with a handler still running', async () => {
    const inFlight = new HandlersInFlight();
    const stuck = pendingHandler();
    void lastValueFrom(inFlight.intercept(context, stuck.next));
    await expect(inFlight.settled(20)).resolves.toBe(false);
    expect(inFlight.count).toBe(1);
    stuck.answer('late');
  });
});
