import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

// findBy* waits this long: the machine running the suite may be busy (2 cores shared by many runs).
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs some components call; these stand-ins report "nothing observed".
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
window.scrollTo = () => {};
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// A request no test answered fails the test (nothing reaches a real server, and a page asking for
// something new is noticed): msw refuses it, and the test fails after it even if the page coped.
const unanswered: string[] = [];
beforeAll(() =>
  server.listen({
    onUnhandledFrame: async ({ frame, defaults }) => {
      unanswered.push(await frame.getUnhandledMessage());
      defaults.error();
    },
  }),
);
afterEach(() => {
  cleanup();
  const requests = unanswered.splice(0);
  if (requests.length > 0) throw new Error(`Requests no handler answered:\n${requests.join('\n')}`);
  server.resetHandlers();
  window.localStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    document.cookie = `${cookie.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });
});
afterAll(async () => {
  server.close();
  // Sonner removes a replaced toast 200 ms later by a timer: let it run while the DOM still exists.
  await new Promise((resolve) => setTimeout(resolve, 250));
});
