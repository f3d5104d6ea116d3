import type { z } from 'zod';
import { EventRegistry } from './define-event.js';
import { identityEvents } from './identity.events.js';
import { membershipEvents } from './membership.events.js';
import { payolaEvents } from './payola.events.js';
import { catalogEvents } from './catalog.events.js';
import { venueEvents } from './venue.events.js';
import { outreachEvents } from './outreach.events.js';
import { mediaEvents } from './media.events.js';
import { operatorEvents } from './operators.events.js';
import { entryClaimEvents } from './entry-claims.events.js';
import { moderationEvents } from './moderation.events.js';
import { shopEvents } from './shop.events.js';

/**
 * Every domain event type of the product. Modules add their definitions here as they are built;
 * the API validates each append against this catalogue, and `DomainEvent` below is derived from it.
 */
export const domainEvents = [
  ...identityEvents,
  ...membershipEvents,
  ...payolaEvents,
  ...catalogEvents,
  ...venueEvents,
  ...outreachEvents,
  ...mediaEvents,
  ...operatorEvents,
  ...entryClaimEvents,
  ...moderationEvents,
  ...shopEvents,
] as const;

type DomainEventDefinition = (typeof domainEvents)[number];

/** Every event of the catalogue as a discriminated union: `switch (event.type)` narrows `data`. */
export type DomainEvent = {
  [D in DomainEventDefinition as D['type']]: { type: D['type']; data: z.infer<D['schema']> };
}[DomainEventDefinition['type']];

export type DomainEventType = DomainEvent['type'];

/** The events of the given types, e.g. `EventOfType<'KycApproved' | 'KycDeclined'>`. */
export type EventOfType<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** The payload of one event type. */
export type EventPayload<T extends DomainEventType> = EventOfType<T>['data'];

export function createDomainEventRegistry(): EventRegistry {
  return new EventRegistry(domainEvents);
}
