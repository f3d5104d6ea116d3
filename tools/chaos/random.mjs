// A seeded random source (mulberry32): a run's choices (who does what, which fault when) follow from its
// seed, so `CHAOS_SEED=<seed> CHAOS_RUNS=1 npm run chaos` plays the same schedule again. Timing still
// varies from run to run (the processes under test decide how fast they answer).

export function randomSource(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const source = {
    next,
    /** An integer in [0, n). */
    int: (n) => Math.floor(next() * n),
    /** An integer in [min, max]. */
    between: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    /** One key of `weights` ({name: weight}), drawn by weight. */
    weighted(weights) {
      const entries = Object.entries(weights).filter(([, w]) => w > 0);
      let roll = next() * entries.reduce((sum, [, w]) => sum + w, 0);
      for (const [name, weight] of entries) {
        roll -= weight;
        if (roll < 0) return name;
      }
      return entries.at(-1)[0];
    },
    shuffle(items) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy;
    },
    /** A child source for one actor, so actors draw independently of each other's pace. */
    fork: (salt) => randomSource((Math.floor(next() * 2 ** 32) ^ Math.imul(salt + 1, 0x9e3779b1)) >>> 0),
    /** Letters and digits, as in ids and handles. */
    token(length, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789') {
      let text = '';
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)];
      return text;
    },
  };
  return source;
}
