import { z } from 'zod';

/**
 * An event type: its name, the schema version its payload follows and the zod schema of that payload.
 * Every event appended to the log must have a definition in a registry (see EventRegistry).
 */
export interface EventDefinition<TType extends string = string, TSchema extends z.ZodType = z.ZodType> {
  readonly type: TType;
  readonly schemaVersion: number;
  readonly schema: TSchema;
  /** The payload's personal fields, kept encrypted in the log (see PersonalData); none when absent. */
  readonly personal?: PersonalData;
}

/**
 * Which fields of an event are someone's personal data, and whose. The event store keeps them
 * encrypted with the subject's own key (crypto-shredding, docs/architecture.md "Erasure"): the log
 * holds the `redacted` values in their place plus the ciphertext, and readers get the real values back
 * for as long as the key exists. Once the subject is erased the key is gone, and every reader (the
 * write side's folds, projections, replays) gets the redacted values, which must fit the schema.
 */
export interface PersonalData<TData = never> {
  /**
   * Whose data it is: a member's user id, or `personalDataSubjectOfEmail(email)` for someone who wrote
   * without an account (the waitlist, the contact form), so a member's erasure reaches those too.
   */
  subject(data: TData): string;
  /** Each personal field and what it reads as once its subject's key is destroyed. */
  redacted: { readonly [K in keyof TData]?: TData[K] };
}

export function defineEvent<TType extends string, TSchema extends z.ZodType>(
  type: TType,
  schema: TSchema,
  schemaVersion = 1,
  personal?: PersonalData<z.infer<TSchema>>,
): EventDefinition<TType, TSchema> {
  return { type, schema, schemaVersion, ...(personal ? { personal: personal as unknown as PersonalData } : {}) };
}

/**
 * The subject of personal data written without an account: its email, normalised. The event store
 * keeps subjects only hashed (the log and the key table never hold the address itself).
 */
export function personalDataSubjectOfEmail(email: string): string {
  return `email:${email.trim().toLowerCase()}`;
}

/** What a member's name reads as after their erasure, on every screen that showed it. */
export const DELETED_MEMBER_NAME = { firstName: 'Deleted', lastName: 'member' } as const;

export type EventData<D> = D extends EventDefinition<string, infer S> ? z.infer<S> : never;

/** Who and what caused an event; stored beside every event. */
export const ZEventMetadata = z.object({
  actingUserId: z.string().optional(),
  causationId: z.string().optional(),
  correlationId: z.string().optional(),
  requestId: z.string().optional(),
});
export type TEventMetadata = z.infer<typeof ZEventMetadata>;

export class UnknownEventTypeError extends Error {
  constructor(readonly eventType: string) {
    super(`Unknown event type "${eventType}": add its definition to the event registry`);
    this.name = 'UnknownEventTypeError';
  }
}

export class InvalidEventError extends Error {
  constructor(
    readonly eventType: string,
    readonly issues: string,
  ) {
    super(`Event "${eventType}" does not match its schema: ${issues}`);
    this.name = 'InvalidEventError';
  }
}

/** The set of event types the log accepts, each validated on append. */
export class EventRegistry {
  private readonly definitions = new Map<string, EventDefinition>();

  constructor(definitions: readonly EventDefinition[] = []) {
    for (const definition of definitions) this.add(definition);
  }

  add(definition: EventDefinition): this {
    if (this.definitions.has(definition.type)) {
      throw new Error(`Event type "${definition.type}" is defined twice`);
    }
    this.definitions.set(definition.type, definition);
    return this;
  }

  get(type: string): EventDefinition {
    const definition = this.definitions.get(type);
    if (!definition) throw new UnknownEventTypeError(type);
    return definition;
  }

  /** The type's personal fields (see PersonalData), or undefined when it has none. */
  personal(type: string): PersonalData | undefined {
    return this.get(type).personal;
  }

  types(): string[] {
    return [...this.definitions.keys()];
  }

  /** Parses the payload with the type's schema; returns the parsed data and its schema version. */
  validate(type: string, data: unknown): { data: unknown; schemaVersion: number; personal?: PersonalData } {
    const definition = this.get(type);
    const result = definition.schema.safeParse(data);
    if (!result.success) throw new InvalidEventError(type, z.prettifyError(result.error));
    return { data: result.data, schemaVersion: definition.schemaVersion, personal: definition.personal };
  }
}
