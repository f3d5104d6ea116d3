import { HandlersInFlight } from './handlers-in-flight.js';

describe('HandlersInFlight', () => {
  it('settles at once with nothing running, and when the last running handler ends', async () => {
    const inFlight = new HandlersInFlight();
    await expect(inFlight.settled(10)).resolves.toBe(true);

    inFlight.begin();
    inFlight.begin();
    expect(inFlight.count).toBe(2);
    let settled: boolean | undefined;
    const waited = inFlight.settled(5000).then((value) => (settled = value));
    inFlight.end();
    await Promise.resolve();
    expect(inFlight.count).toBe(1);
    expect(settled).toBeUndefined();
    inFlight.end();
    await waited;
    expect(settled).toBe(true);
    expect(inFlight.count).toBe(0);
  });

  it('gives up after its bound with a handler still running', async () => {
    const inFlight = new HandlersInFlight();
    inFlight.begin();
    await expect(inFlight.settled(20)).resolves.toBe(false);
    expect(inFlight.count).toBe(1);
  });
});
