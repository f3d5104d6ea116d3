/**
 * The one rule for every string the api accepts (path, query, body, and the header values that reach
 * the database), applied to each request before its own contract by the api's global SafeInputPipe:
 *
 * - no NUL and no unpaired UTF-16 surrogate, in values or in object keys: PostgreSQL text and jsonb
 *   cannot hold them, so without this rule they fail on insert or in a query's parameters with a 500;
 * - no `__proto__`, `constructor` or `prototype` key: no field of ours is called that, and such a key
 *   is only ever sent to reach an object's prototype, so it is refused by name rather than dropped.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export const SAFE_INPUT_MESSAGES = {
  nul: 'Remove the invisible control character (NUL) from this field.',
  loneSurrogate: 'Remove the broken character (an unpaired UTF-16 surrogate) from this field.',
  prototypeKey: 'This field name is not accepted.',
} as const;

/** What PostgreSQL could not store in a string, or null when it can store all of it. */
export function unstorableCharacter(value: string): 'nul' | 'loneSurrogate' | null {
  if (value.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(value) ? 'loneSurrogate' : null;
}

export interface UnsafeInput {
  /** The field's path as the API's `fieldErrors` name it (`links.socialUrls.1`). */
  field: string;
  message: string;
}

/** A key as a person can read it in a message: control characters and lone surrogates shown as \uXXXX. */
function printable(key: string): string {
  return key.replace(
    // eslint-disable-next-line no-control-regex -- matching control characters is the point here
    /[\u0000-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A place in the value: its segment and its parent's, so a step deeper copies nothing. */
interface Place {
  value: unknown;
  parent: Place | null;
  segment: string | null;
  key?: string;
}

function fieldOf(place: Place): string {
  const segments: string[] = [];
  for (let at: Place | null = place; at; at = at.parent) if (at.segment !== null) segments.push(printable(at.segment));
  return segments.reverse().join('.') || 'value';
}

/**
 * Every place in a decoded JSON value (or query, or path parameter) that breaks the rule, at most
 * `limit` of them, in document order. Iterative and linear: a 100 kB body of 50,000 nested arrays
 * costs one loop, not the stack nor a path copied at every level.
 */
export function findUnsafeInput(value: unknown, path: readonly string[] = [], limit = 20): UnsafeInput[] {
  const found: UnsafeInput[] = [];
  let root: Place | null = null;
  for (const segment of path) root = { value: undefined, parent: root, segment };
  const stack: Place[] = [{ value, parent: root, segment: null }];
  for (let next = stack.pop(); next && found.length < limit; next = stack.pop()) {
    // An object's key is judged when its entry is taken, so problems come out in document order.
    const keyProblem =
      next.key === undefined ? null : PROTOTYPE_KEYS.has(next.key) ? 'prototypeKey' : unstorableCharacter(next.key);
    const problem = keyProblem ?? (typeof next.value === 'string' ? unstorableCharacter(next.value) : null);
    if (problem) {
      found.push({ field: fieldOf(next), message: SAFE_INPUT_MESSAGES[problem] });
    } else if (Array.isArray(next.value)) {
      for (let i = next.value.length - 1; i >= 0; i--) {
        stack.push({ value: next.value[i], parent: next, segment: String(i) });
      }
    } else if (typeof next.value === 'object' && next.value !== null) {
      const entries: [string, unknown][] = Object.entries(next.value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, value] = entries[i];
        stack.push({ value, parent: next, segment: key, key });
      }
    }
  }
  return found;
}
