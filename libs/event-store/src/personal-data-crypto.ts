import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { EventRegistry, PersonalData } from '@app/contracts';
import { withTransaction, type Pool, type Queryable } from '@app/platform';

/**
 * Crypto-shredding (docs/architecture.md, "Erasure"). An event's personal fields (its definition's
 * `personal`) are stored as their redacted values plus one sealed box beside them:
 *
 *   { ...data with every personal field redacted, "$pii": { "s": <subject id>, "d": <base64> } }
 *
 * `s` is the sha256 of the subject (a member's id, or `email:<address>`), never the subject itself;
 * `d` is AES-256-GCM (12-byte nonce, 16-byte tag, then the ciphertext) of the JSON of the real values,
 * under the subject's own key, which lives in `personal_data_keys` and never in the log. Reading puts
 * the real values back while the key exists. Erasure destroys the key: from then on every reader gets
 * the redacted values, which fit the schema, and nothing in the log can give the real ones back.
 */
export const SEALED_FIELD = '$pii';

interface Sealed {
  /** sha256 (hex) of the subject: which key opens it. */
  s: string;
  /** base64 of nonce (12 bytes) | tag (16 bytes) | ciphertext; absent when appended after the subject's erasure. */
  d?: string;
}

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** The id a subject's key is stored under (and its sealed boxes name): the sha256 of the subject. */
export function subjectId(subject: string): string {
  return createHash('sha256').update(subject).digest('hex');
}

function sealedOf(data: unknown): Sealed | undefined {
  return data !== null && typeof data === 'object'
    ? ((data as Record<string, unknown>)[SEALED_FIELD] as Sealed)
    : undefined;
}

/** Whether an event's stored data carries sealed personal fields. */
export function isSealed(data: unknown): boolean {
  return sealedOf(data) !== undefined;
}

/**
 * The stored form of an event's data: the personal fields it carries (present, not undefined) moved into
 * a box sealed with `key`, their redacted values in their place. Without a key (the subject was erased
 * before this append), only the redacted values are stored. Data without personal fields is returned as is.
 */
export function sealPersonalData(
  data: Record<string, unknown>,
  personal: PersonalData,
  subject: string,
  key: Buffer | null,
): Record<string, unknown> {
  const redacted = personal.redacted as Record<string, unknown>;
  const secret: Record<string, unknown> = {};
  const stored: Record<string, unknown> = { ...data };
  let any = false;
  for (const field of Object.keys(redacted)) {
    if (data[field] === undefined) continue;
    secret[field] = data[field];
    stored[field] = redacted[field];
    any = true;
  }
  if (!any) return data;
  if (!key) {
    stored[SEALED_FIELD] = { s: subject } satisfies Sealed;
    return stored;
  }
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(subject));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(secret), 'utf8'), cipher.final()]);
  const box = Buffer.concat([nonce, cipher.getAuthTag(), ciphertext]).toString('base64');
  stored[SEALED_FIELD] = { s: subject, d: box } satisfies Sealed;
  return stored;
}

/**
 * An event's data as readers see it: the sealed fields back in place when `key` opens them, else the
 * redacted values already there. Never throws for a missing key: that is what an erased subject is.
 */
export function openPersonalData(data: Record<string, unknown>, key: Buffer | undefined): Record<string, unknown> {
  const sealed = sealedOf(data);
  if (!sealed) return data;
  const { [SEALED_FIELD]: _sealed, ...open } = data;
  if (!key || !sealed.d) return open;
  const box = Buffer.from(sealed.d, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, box.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(sealed.s));
  decipher.setAuthTag(box.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  const plain = Buffer.concat([decipher.update(box.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]);
  return Object.assign(open, JSON.parse(plain.toString('utf8')) as Record<string, unknown>);
}

/**
 * The keys of the given subject ids, for appending: made (random, 32 bytes) for subjects that have none
 * yet. An erased subject's answer is null: what is appended for it keeps only the redacted values.
 * A concurrent first append for the same subject is waited for and its key used (insert … on conflict).
 */
export async function keysForAppend(db: Queryable, subjectIds: readonly string[]): Promise<Map<string, Buffer | null>> {
  // Sorted: two first appends for the same pair of subjects wait on each other in one order, never in a circle.
  const wanted = [...new Set(subjectIds)].sort();
  const keys = new Map<string, Buffer | null>();
  const { rows } = await db.query<{ subject: string; data_key: Buffer | null }>(
    `with made as (
       insert into personal_data_keys (subject, data_key)
       select subject, decode(data_key, 'hex') from unnest($1::text[], $2::text[]) as w(subject, data_key)
       on conflict (subject) do nothing
       returning subject, data_key)
     select subject, data_key from made
     union all
     select subject, data_key from personal_data_keys where subject = any($1::text[])`,
    [wanted, wanted.map(() => randomBytes(KEY_BYTES).toString('hex'))],
  );
  for (const row of rows) keys.set(row.subject, row.data_key);
  // A key another transaction made and committed while this statement ran is not in its snapshot.
  const late = wanted.filter((id) => !keys.has(id));
  if (late.length > 0) {
    const again = await db.query<{ subject: string; data_key: Buffer | null }>(
      'select subject, data_key from personal_data_keys where subject = any($1::text[])',
      [late],
    );
    for (const row of again.rows) keys.set(row.subject, row.data_key);
  }
  for (const id of wanted) if (!keys.has(id)) throw new Error('a personal data key could not be made');
  return keys;
}

/** Existing keys of the given subject ids (an erased subject has none). */
export async function keysForRead(db: Queryable, subjectIds: readonly string[]): Promise<Map<string, Buffer>> {
  const { rows } = await db.query<{ subject: string; data_key: Buffer }>(
    'select subject, data_key from personal_data_keys where subject = any($1::text[]) and data_key is not null',
    [subjectIds],
  );
  return new Map(rows.map((row) => [row.subject, row.data_key]));
}

/** Seals the personal fields of events about to be appended (their definitions' `personal`). */
export async function sealForAppend<T extends { data: unknown; personal?: PersonalData }>(
  db: Queryable,
  events: readonly T[],
): Promise<void> {
  const subjects = new Map<T, string>();
  for (const event of events) {
    if (event.personal) subjects.set(event, subjectId(event.personal.subject(event.data as never)));
  }
  if (subjects.size === 0) return;
  const keys = await keysForAppend(db, [...subjects.values()]);
  for (const [event, subject] of subjects) {
    event.data = sealPersonalData(
      event.data as Record<string, unknown>,
      event.personal as PersonalData,
      subject,
      keys.get(subject) ?? null,
    );
  }
}

/**
 * Opens the sealed fields of rows just read from the log, in place: one key query per call (per batch
 * of a projection or replay), and none when no row carries personal data.
 */
export async function openRows(db: Queryable, rows: readonly { data: unknown }[]): Promise<void> {
  let subjects: Set<string> | undefined;
  for (const row of rows) {
    const sealed = sealedOf(row.data);
    if (sealed) (subjects ??= new Set()).add(sealed.s);
  }
  if (!subjects) return;
  const keys = await keysForRead(db, [...subjects]);
  for (const row of rows) {
    const sealed = sealedOf(row.data);
    if (sealed) row.data = openPersonalData(row.data as Record<string, unknown>, keys.get(sealed.s));
  }
}

/**
 * Destroys subjects' keys, in the caller's transaction (the one that records the erasure). `erased`
 * subjects (a member's id) keep a row without a key, so nothing appended for them later can be read
 * either; `forgotten` ones (an email's waitlist or contact data) lose their row, so a later sign-up
 * with the address starts a new key.
 */
export async function destroyPersonalDataKeys(
  db: Queryable,
  { erased = [], forgotten = [] }: { erased?: readonly string[]; forgotten?: readonly string[] },
): Promise<void> {
  if (erased.length > 0) {
    await db.query(
      `insert into personal_data_keys (subject, data_key, erased_at)
       select unnest($1::text[]), null, now()
       on conflict (subject) do update set data_key = null, erased_at = coalesce(personal_data_keys.erased_at, now())`,
      [erased.map(subjectId)],
    );
  }
  if (forgotten.length > 0) {
    await db.query('delete from personal_data_keys where subject = any($1::text[])', [forgotten.map(subjectId)]);
  }
}

/**
 * The one-time storage-format upgrade of a log written before crypto-shredding: every event whose type
 * has personal fields and whose data is not sealed yet gets them sealed, as an append would now. Not a
 * rewrite of history: each event keeps its type, payload (as every reader sees it), position and time;
 * only how its personal fields are stored changes. Runs in one transaction, in which alone the log's
 * append-only trigger is lifted (DDL is transactional: other sessions wait on the table and never see
 * it lifted). Safe to run again: it finds nothing left to do. Answers how many events it sealed.
 */
export async function sealExistingPersonalData(
  pool: Pool,
  registry: EventRegistry,
  { batchSize = 5000 }: { batchSize?: number } = {},
): Promise<number> {
  const types = registry.types().filter((type) => registry.personal(type));
  const unsealed = `type = any($1::text[]) and not (data ? '${SEALED_FIELD}')`;
  return withTransaction(pool, async (tx) => {
    // Once per database (a fresh one has nothing to seal, and is marked at its first migrate).
    await tx.query('lock table personal_data_sealing in exclusive mode');
    const { rows: done } = await tx.query('select 1 from personal_data_sealing');
    if (done.length > 0) return 0;
    await tx.query('alter table events disable trigger events_no_update_or_delete');
    let sealed = 0;
    for (let after = 0; ;) {
      const { rows } = await tx.query<{ global_position: number; type: string; data: Record<string, unknown> }>(
        `select global_position, type, data from events where ${unsealed} and global_position > $2
         order by global_position limit $3`,
        [types, after, batchSize],
      );
      const last = rows.at(-1);
      if (!last) break;
      after = last.global_position;
      const events = rows.map((row) => ({ ...row, stored: row.data, personal: registry.personal(row.type) }));
      await sealForAppend(tx, events);
      const changed = events.filter((event) => event.data !== event.stored);
      if (changed.length === 0) continue;
      await tx.query(
        `update events set data = v.data
         from unnest($1::bigint[], $2::jsonb[]) as v(global_position, data)
         where events.global_position = v.global_position`,
        [changed.map((event) => event.global_position), changed.map((event) => JSON.stringify(event.data))],
      );
      sealed += changed.length;
    }
    await tx.query('alter table events enable trigger events_no_update_or_delete');
    await tx.query('insert into personal_data_sealing (sealed) values ($1)', [sealed]);
    return sealed;
  });
}
