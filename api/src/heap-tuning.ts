import v8 from 'node:v8';

/**
 * V8's allocation-site pretenuring off, before anything else is loaded.
 *
 * V8 watches each allocation site (an object literal, pg's row object) and, once most of what a site made
 * survives a young-generation collection, allocates everything that site makes from then on straight in
 * the old generation. The api's big reads (the search index's load of every entry, a batch of a search's
 * rows) make pg's rows and the entries built from them survive, so those sites are tenured; every later
 * request's rows then start in the old generation, where they die, and until a full collection finds them
 * dead their fields (young strings) count as alive: each scavenge copied ~11 MB, pausing every client for
 * 20-30 ms. Off: the same objects die young. Interleaved rounds of drawn searches (docs/performance.md,
 * 2026-11-29 14:29): +15-19% a second, -14-19% api CPU, scavenge pauses 24-37 -> 17-20 ms.
 *
 * Node leaves V8's flags writable after start-up (it does not freeze them), so this takes effect for all
 * that is allocated after it; main.ts imports this module first.
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
