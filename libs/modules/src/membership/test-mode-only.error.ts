import { DomainError } from '@app/domain';

/** A test mode's route when the real provider is configured: it does not exist. */
export class TestModeOnlyError extends DomainError {
  readonly kind = 'not-found';
}
