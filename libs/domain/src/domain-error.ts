/**
 * What kind of refusal a domain error is. The API's one exception filter maps each kind to an HTTP
 * status; handlers and domain code never speak HTTP.
 */
export type DomainErrorKind =
  | 'invalid' // 400: the request cannot be carried out as asked
  | 'unauthenticated' // 401
  | 'forbidden' // 403: not allowed for this user
  | 'not-found' // 404
  | 'conflict' // 409: the state of things does not allow it (already done, taken, ...)
  | 'payment-required' // 402: a card was declined
  | 'unavailable'; // 502: a third party did not answer

/** A refusal a user should read: `message` is the product's text, shown as it is. */
export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** For refusals that need no class of their own. */
export class RefusedError extends DomainError {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
  ) {
    super(message);
  }
}
