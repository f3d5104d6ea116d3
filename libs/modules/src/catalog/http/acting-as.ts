import { ARTIST_MESSAGES } from '@app/contracts';
import { RefusedError } from '@app/domain';
import type { SessionUser } from '../../identity/index.js';

/** The session's user; a body or query `userId` naming someone else is refused (docs/decisions.md). */
export function actingAs(user: SessionUser, claimed: string | undefined): string {
  if (claimed !== undefined && claimed !== user.id) throw new RefusedError('forbidden', ARTIST_MESSAGES.ownAccountOnly);
  return user.id;
}
