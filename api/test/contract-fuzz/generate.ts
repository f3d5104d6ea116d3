import type { z } from 'zod';

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export type Rng = () => number;
export function prng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** The generator of request `index` of a run: each request can be rebuilt alone from (seed, index). */
export const requestRng = (seed: number, index: number): Rng => prng(Math.imul(seed ^ 0x9e3779b9, 31) + index * 7919);

export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
export const chance = (rng: Rng, p: number) => rng() < p;
const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

/**
 * A JSON text to put in the body as it is, where JSON.stringify cannot say it: 1e999 (Infinity once
 * parsed), 30-digit integers, 5,000 nested arrays.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Serialises a generated value, RawJson pieces as their text. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0000RAW${raws.length - 1}\u0000`;
    }
    return v;
  });
  return (text ?? 'null').replace(/"\\u0000RAW(\d+)\\u0000"/g, (_m, i: string) => raws[Number(i)]!);
}

/** What the generator knows of the world: ids that exist, so requests reach past "not found". */
export interface FuzzContext {
  fanId: string;
  artistIds: string[];
  venueIds: string[];
  mediaIds: string[];
  artistNames: string[];
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const word = (rng: Rng, length = int(rng, 3, 10)) =>
  Array.from({ length }, () => LETTERS[Math.floor(rng() * 26)]).join('');
const hex = (rng: Rng, length: number) =>
  Array.from({ length }, () => '0123456789abcdef'[Math.floor(rng() * 16)]).join('');
const uuid = (rng: Rng) => `${hex(rng, 8)}-${hex(rng, 4)}-4${hex(rng, 3)}-a${hex(rng, 3)}-${hex(rng, 12)}`;

/** Characters from the whole of Unicode, surrogate pairs, combining marks and private use included. */
function unicode(rng: Rng, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) {
    const range = pick(rng, [
      [0x20, 0x7e],
      [0xa0, 0x2fff],
      [0x300, 0x36f],
      [0x4e00, 0x9fff],
      [0xe000, 0xf8ff],
      [0xfe00, 0xfffd],
      [0x1f300, 0x1faff],
      [0x10000, 0x10ffff],
    ] as const);
    text += String.fromCodePoint(int(rng, range[0], range[1]));
  }
  return text;
}

/** Strings that have broken servers: control characters, broken UTF-16, sizes, injections, lookalikes. */
export function hostileString(rng: Rng): string {
  return pick<() => string>(rng, [
    () => '',
    () => ' ',
    () => '\u0000',
    () => `${word(rng)}\u0000${word(rng)}`,
    () => '\uD800',
    () => `${word(rng)}\uDFFF`,
    () => '\uDC00\uD800',
    () => '\u0001\u0002\u001f\u007f',
    () => '\r\n\t\v\f\b',
    () => '\u202Eevil\u202C',
    () => '\u200B\u200D\uFEFF',
    () => 'e\u0301'.repeat(50),
    () => '🎸'.repeat(int(rng, 1, 300)),
    () => 'A'.repeat(pick(rng, [101, 256, 1001, 5001, 10_000, 120_000])),
    () => unicode(rng, int(rng, 1, 60)),
    () => "' OR '1'='1' --",
    () => '"; drop table events; --',
    () => '%00',
    () => '%ZZ',
    () => '../../../etc/passwd',
    () => '<script>alert(1)</script>',
    () => '{{7*7}}${7*7}',
    () => 'null',
    () => 'undefined',
    () => 'NaN',
    () => 'Infinity',
    () => '-Infinity',
    () => '1e999',
    () => '-1',
    () => '0x1F',
    () => ' 42 ',
    () => '9'.repeat(400),
    () => '__proto__',
    () => 'constructor',
    () => '\\',
    () => '"',
    () => 'https://open.spotify.com/artist/%00',
    () => 'javascript:alert(1)',
    () => 'http://[::1]:99999/',
    () => 'http://169.254.169.254/latest/meta-data/',
    () => `${word(rng)}@${'a'.repeat(300)}.com`,
  ])();
}

/** Anything but what was asked for: other types, extreme numbers, prototype keys, deep nesting. */
export function hostileValue(rng: Rng): unknown {
  return pick<() => unknown>(rng, [
    () => hostileString(rng),
    () => hostileString(rng),
    () => hostileString(rng),
    () => 0,
    () => -0,
    () => -1,
    () => 1.5,
    () => 2 ** 31,
    () => 2 ** 53 + 2,
    () => -(2 ** 63),
    () => 1e308,
    () => -1e308,
    () => 5e-324,
    () => new RawJson('1e999'),
    () => new RawJson('-1e999'),
    () => new RawJson('123456789012345678901234567890'),
    () => true,
    () => false,
    () => null,
    () => [],
    () => [1, 'a', null, {}],
    () => Array.from({ length: pick(rng, [100, 10_000]) }, () => 'x'),
    () => ({}),
    () => ({ a: { b: { c: {} } } }),
    () => JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
    () => ({ constructor: { prototype: { polluted: true } } }),
    () => new RawJson(`${'['.repeat(5000)}${']'.repeat(5000)}`),
    () => new RawJson(`${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`),
  ])();
}

interface ZodInternals {
  _zod: {
    def: {
      type: string;
      innerType?: z.ZodType;
      in?: z.ZodType;
      options?: z.ZodType[];
      element?: z.ZodType;
      shape?: Record<string, z.ZodType>;
      entries?: Record<string, string | number>;
      values?: unknown[];
      items?: z.ZodType[];
      format?: string;
    };
  };
  minLength?: number | null;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
  isInt?: boolean;
}
const internals = (schema: z.ZodType) => schema as unknown as ZodInternals;

/** An instant a contract accepts: mostly recent, sometimes at the edges of what ISO 8601 can say. */
const instant = (rng: Rng) =>
  chance(rng, 0.7)
    ? new Date(Date.now() - int(rng, 0, 40) * 86_400_000).toISOString()
    : pick(rng, [
        '0000-01-01T00:00:00Z',
        '0001-01-01T00:00:00+14:00',
        '9999-12-31T23:59:59.999Z',
        '1970-01-01T00:00:00Z',
      ]);

/** A value for a field, from its name: what a person would type there, so requests get past the contract. */
function hinted(rng: Rng, name: string, ctx: FuzzContext): string | undefined {
  const n = name.toLowerCase();
  if (n === 'artistid') return pick(rng, ctx.artistIds);
  if (n === 'venueid') return pick(rng, ctx.venueIds);
  if (n === 'userid') return ctx.fanId;
  if (n === 'email') return `fuzz-${hex(rng, 8)}@example.com`;
  if (n.includes('password')) return 'correct horse 1';
  if (n === 'zipcode') return '10001';
  if (n === 'cardnumber') return '4242 4242 4242 4242';
  if (n === 'expiry') return '12 / 34';
  if (n === 'cvc') return '123';
  if (n === 'spotifyurl') return `https://open.spotify.com/artist/${hex(rng, 22)}`;
  if (n === 'bandcampurl') return `https://${word(rng)}.bandcamp.com`;
  if (n === 'soundcloudurl') return `https://soundcloud.com/${word(rng)}`;
  if (n === 'socialurls') return `https://instagram.com/${word(rng)}`;
  if (n === 'websiteurl') return `https://${word(rng)}.example.com`;
  if (n === 'videourl' || n === 'profileimageurl') return `/api/media/${pick(rng, ctx.mediaIds)}`;
  if (n === 'q') return chance(rng, 0.5) ? pick(rng, ctx.artistNames) : word(rng);
  if (n === 'username') return word(rng);
  if (n === 'since' || n.endsWith('at')) return instant(rng);
  if (n === 'cursor') return pick(rng, ['k1', 'k999999999999999', 'o0', 'o999999', word(rng)]);
  if (n === 'currency') return pick(rng, ['usd', 'eur', 'jpy']);
  if (n === 'city') return pick(rng, ['Austin', 'Nashville', 'Portland']);
  return undefined;
}

function sampleString(rng: Rng, schema: z.ZodType, name: string, ctx: FuzzContext): string {
  const s = internals(schema);
  const hint = hinted(rng, name, ctx);
  if (hint !== undefined && schema.safeParse(hint).success) return hint;
  switch (s._zod.def.format) {
    case 'email':
      return `fuzz-${hex(rng, 8)}@example.com`;
    case 'url':
      return `https://${word(rng)}.example.com/${word(rng)}`;
    case 'uuid':
    case 'guid':
      return uuid(rng);
    case 'datetime':
      return instant(rng);
  }
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 40, Math.max(min, 40));
  for (const candidate of [word(rng, int(rng, Math.max(min, 1), Math.max(max, 1))), 'usd', 'abc', '12345', uuid(rng)]) {
    if (schema.safeParse(candidate).success) return candidate;
  }
  return word(rng, Math.max(min, 3));
}

/** A value the contract probably accepts (best effort: refinements may still refuse it). */
export function sampleValid(rng: Rng, schema: z.ZodType, ctx: FuzzContext, name = '', depth = 0): unknown {
  const { def } = internals(schema)._zod;
  if (depth > 8) return undefined;
  switch (def.type) {
    case 'string':
      return sampleString(rng, schema, name, ctx);
    case 'number': {
      const s = internals(schema);
      const min = Math.max(s.minValue ?? 0, -1e6);
      const max = Math.min(s.maxValue ?? 1000, 1e6);
      if (chance(rng, 0.2)) return pick(rng, [s.minValue ?? 0, s.maxValue ?? Number.MAX_SAFE_INTEGER]);
      return s.isInt ? int(rng, Math.ceil(min), Math.floor(max)) : min + rng() * (max - min);
    }
    case 'boolean':
      return chance(rng, 0.5);
    case 'enum':
      return pick(rng, Object.values(def.entries ?? {}));
    case 'literal':
      return pick(rng, def.values ?? []);
    case 'optional':
    case 'default':
    case 'prefault':
      return chance(rng, 0.25) ? undefined : sampleValid(rng, def.innerType!, ctx, name, depth + 1);
    case 'nullable':
      return chance(rng, 0.1) ? null : sampleValid(rng, def.innerType!, ctx, name, depth + 1);
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sampleValid(rng, def.innerType!, ctx, name, depth + 1);
    case 'pipe':
      return sampleValid(rng, def.in!, ctx, name, depth + 1);
    case 'union':
      return sampleValid(rng, pick(rng, def.options ?? []), ctx, name, depth + 1);
    case 'array': {
      const s = internals(schema);
      const length = int(rng, s.minLength ?? 0, Math.min(s.maxLength ?? 3, 3));
      return Array.from({ length }, () => sampleValid(rng, def.element!, ctx, name, depth + 1));
    }
    case 'tuple':
      return (def.items ?? []).map((item) => sampleValid(rng, item, ctx, name, depth + 1));
    case 'object': {
      const object: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const value = sampleValid(rng, field, ctx, key, depth + 1);
        if (value !== undefined) object[key] = value;
      }
      return object;
    }
    case 'record':
      return {};
    case 'transform':
      return word(rng);
    default:
      return chance(rng, 0.5) ? word(rng) : int(rng, 0, 10);
  }
}

/** Every place in a value, as paths, the root (empty path) included. */
function places(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []) {
  if (out.length > 200) return out;
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => places(v, [...path, i], out));
  else if (typeof value === 'object' && value !== null && !(value instanceof RawJson)) {
    for (const [k, v] of Object.entries(value)) places(v, [...path, k], out);
  }
  return out;
}

function setAt(root: unknown, path: (string | number)[], replace: (old: unknown) => unknown): unknown {
  if (path.length === 0) return replace(root);
  const [head, ...rest] = path;
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<string | number, unknown>;
  // defineProperty: an assignment to a key named __proto__ would set the copy's prototype instead.
  Object.defineProperty(copy, head!, { value: setAt(copy[head!], rest, replace), enumerable: true, writable: true });
  return copy;
}

/** A string with one unstorable or odd character put somewhere inside it. */
function taint(rng: Rng, text: string, unstorableOnly = false): string {
  const at = int(rng, 0, text.length);
  const bad = pick(
    rng,
    unstorableOnly
      ? ['\u0000', '\uD800', '\uDFFF']
      : ['\u0000', '\u0000', '\uD800', '\uDBFF', '\uDFFF', '\u0007', '\u202E', '🎸', '\uFFFF', '\uFEFF'],
  );
  return text.slice(0, at) + bad + text.slice(at);
}

/** The value with one of its strings (keys excluded) carrying a NUL or a lone surrogate; null if it has none. */
export function taintOneString(rng: Rng, value: unknown): unknown {
  const at = (path: (string | number)[]) => path.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], value);
  const strings = places(value).filter((path) => typeof at(path) === 'string');
  if (strings.length === 0) return null;
  return setAt(value, pick(rng, strings), (old) => taint(rng, old as string, true));
}

/**
 * One to three changes to a valid-ish value: a field (or the whole) replaced by a hostile value, a
 * string tainted with a control character or broken UTF-16, a key added or removed.
 */
export function mutate(rng: Rng, value: unknown): unknown {
  let result = value;
  const changes = pick(rng, [1, 1, 1, 2, 3]);
  for (let i = 0; i < changes; i++) {
    const path = pick(rng, places(result));
    const kind = rng();
    if (kind < 0.4) result = setAt(result, path, () => hostileValue(rng));
    else if (kind < 0.7) {
      result = setAt(result, path, (old) => (typeof old === 'string' ? taint(rng, old) : hostileValue(rng)));
    } else if (kind < 0.85) {
      result = setAt(result, path, (old) => {
        if (typeof old !== 'object' || old === null || Array.isArray(old)) return old;
        const key = pick(rng, ['__proto__', 'constructor', 'prototype', `x\u0000`, word(rng), '']);
        const added = { ...old } as Record<string, unknown>;
        Object.defineProperty(added, key, { value: hostileValue(rng), enumerable: true, writable: true });
        return added;
      });
    } else if (path.length > 0) {
      result = setAt(result, path.slice(0, -1), (parent) => {
        if (typeof parent !== 'object' || parent === null || Array.isArray(parent)) return parent;
        const copy = { ...(parent as Record<string, unknown>) };
        delete copy[String(path[path.length - 1])];
        return copy;
      });
    }
  }
  return result;
}

/** Path segments: real ids mostly, else what a path should never carry (already percent-encoded). */
export function pathSegment(rng: Rng, name: string, pool: readonly string[], ctx: FuzzContext): string {
  if (chance(rng, 0.55)) return name === 'userId' ? ctx.fanId : pick(rng, pool.length ? pool : [uuid(rng)]);
  return pick<() => string>(rng, [
    () => uuid(rng),
    () => '%00',
    () => `${pick(rng, pool.length ? pool : ['x'])}%00`,
    () => '%ZZ',
    () => '%2F..%2F..',
    () => '%ED%A0%80',
    () => '%F0%9F%8E%B8',
    () => '..',
    () => '-1',
    () => '0',
    () => '99999999999999999999999',
    () => 'A'.repeat(pick(rng, [300, 5000])),
    () => '%20',
    () => encodeURIComponent(unicode(rng, int(rng, 1, 10))),
    () => encodeURIComponent(hostileString(rng).replace(/[\uD800-\uDFFF]/g, '')).slice(0, 2000),
    () => '__proto__',
    () => 'constructor',
  ])();
}

/** A query value as the URL carries it (already encoded), hostile now and then. */
export function queryPairs(rng: Rng, query: Record<string, unknown>): string {
  const pairs: string[] = [];
  const encode = (text: string) => {
    // A lone surrogate cannot be percent-encoded as UTF-8: send the bytes a broken encoder would.
    try {
      return encodeURIComponent(text);
    } catch {
      return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '')) + '%ED%A0%80';
    }
  };
  const scalar = (v: unknown) =>
    v instanceof RawJson ? v.text : typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const v of value) pairs.push(`${encode(key)}=${encode(scalar(v))}`);
    else if (typeof value === 'object' && value !== null && !(value instanceof RawJson)) {
      for (const [k, v] of Object.entries(value)) pairs.push(`${encode(key)}[${encode(k)}]=${encode(scalar(v))}`);
    } else pairs.push(`${encode(key)}=${encode(scalar(value))}`);
  }
  if (chance(rng, 0.15)) {
    pairs.push(pick(rng, ['%00=%00', 'a=%ZZ', '=x', '&&', 'x', 'q=%ED%A0%80', `${word(rng)}=${'9'.repeat(300)}`]));
  }
  return pairs.join('&');
}
