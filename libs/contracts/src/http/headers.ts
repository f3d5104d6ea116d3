// Zod-free: the web app's api client, in every page's entry chunk, reads it, and a file with a schema
// in it would bring zod into every first visit (issue #23).

/**
 * On a 2xx answer to a write: the write is stored, but these read models (comma-separated) had not
 * shown it when the server stopped waiting. The client should refresh what it shows shortly.
 */
export const READ_MODELS_PENDING_HEADER = 'X-Read-Models-Pending';
