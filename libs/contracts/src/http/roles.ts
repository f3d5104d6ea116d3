// Zod-free, like the other constants the web app's entry chunk imports (account-messages.ts,
// headers.ts): a file with a schema in it would bring zod into every first visit (issue #23).

/** The roles a member signs up as (docs/product.md §3). */
export const ROLES = ['fan', 'artist', 'venue', 'service-provider', 'industry-pro'] as const;
