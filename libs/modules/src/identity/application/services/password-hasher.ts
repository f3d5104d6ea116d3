import argon2 from 'argon2';
import { Injectable } from '@nestjs/common';

/** argon2id with the library's recommended cost; hashes and compares off the event loop. */
@Injectable()
export class PasswordHasher {
  // Verified against when no account matches, so unknown emails cost the same time as wrong passwords.
  private readonly decoyHash = argon2.hash('decoy password that never matches', { type: argon2.argon2id });

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    if (!hash) {
      await argon2.verify(await this.decoyHash, password).catch(() => false);
      return false;
    }
    return argon2.verify(hash, password).catch(() => false);
  }
}
