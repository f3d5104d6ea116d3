import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { SessionUser } from '../application/queries/check-credentials/check-credentials.query.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- how Express's request types are extended
  namespace Express {
    /** request.user, as deserializeUser below makes it. */
    interface User {
      id: string;
    }
  }
}

/** The session stores only the user id; everything else is read fresh on each request. */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  serializeUser(user: SessionUser, done: (err: Error | null, id?: string) => void): void {
    done(null, user.id);
  }

  deserializeUser(id: string, done: (err: Error | null, user?: SessionUser) => void): void {
    done(null, { id });
  }
}
