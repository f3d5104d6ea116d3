/** Nest token for the CsrfTokens the api's bootstrap creates with sessionMiddleware. */
export const CSRF_TOKENS = Symbol('CSRF_TOKENS');
