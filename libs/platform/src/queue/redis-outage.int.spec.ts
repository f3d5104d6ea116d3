import { jest } from '@jest/globals';
import { unusedPort } from '@app/testing';
import { EmailQueue } from '../mail/email-queue.js';
import { ProjectionWakeup } from './queues.js';

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms).unref()),
  ]);

describe('queues while Redis is unreachable from the start', () => {
  it('fails an email fast and skips a wake-up instead of waiting for Redis forever', async () => {
    const url = `redis://127.0.0.1:${await unusedPort()}`;
    const emails = new EmailQueue(url, 'outage');
    const wakeup = new ProjectionWakeup(url, 'outage');
    const errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await new Promise((r) => setTimeout(r, 100));
      await expect(
        within(emails.send({ to: 'fan@example.com', subject: 'Hi', html: '<p>Hi</p>', text: 'Hi' }), 2000),
      ).rejects.toThrow('Redis is unavailable');
      await expect(within(wakeup.wake(), 2000)).resolves.toBeUndefined();
    } finally {
      await Promise.all([within(emails.close(), 2000), within(wakeup.close(), 2000)]);
      errorLog.mockRestore();
    }
  });
});
