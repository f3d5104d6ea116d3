import { z } from 'zod';

/**
 * An event type: its name, the schema version its payload follows and the zod schema of that payload.
 * Every event appended to the log must have a definition in a registry (see EventRegistry).
 */
export interface EventDefinition<TType extends string = string, TSchema extends z.ZodType = z.ZodType> {
  readonly type: TType;
  readonly schemaVersion: number;
  readonly schema: TSchema;
}

export function defineEvent<TType extends string, TSchema extends z.ZodType>(
  type: TType,
  schema: TSchema,
  schemaVersion = 1,
): EventDefinition<TType, TSchema> {
  return { type, schema, schemaVersion };
}

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

  types(): string[] {
    return [...this.definitions.keys()];
  }

  /** Parses the payload with the type's schema; returns the parsed data and its schema version. */
  validate(type: string, data: unknown): { data: unknown; schemaVersion: number } {
    const definition = this.get(type);
    const result = definition.schema.safeParse(data);
    if (!result.success) throw new InvalidEventError(type, z.prettifyError(result.error));
    return { data: result.data, schemaVersion: definition.schemaVersion };
  }
}
