import { EventRegistry, type EventDefinition } from './define-event.js';
import { identityEvents } from './identity.events.js';
import { membershipEvents } from './membership.events.js';
import { payolaEvents } from './payola.events.js';

/**
 * Every domain event type of the product. Modules add their definitions here as they are built;
 * the API validates each append against this catalogue.
 */
export const domainEvents: readonly EventDefinition[] = [...identityEvents, ...membershipEvents, ...payolaEvents];

export function createDomainEventRegistry(): EventRegistry {
  return new EventRegistry(domainEvents);
}
