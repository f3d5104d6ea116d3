import { Injectable } from '@nestjs/common';
import { Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id (OWASP's recommended parameters: 19 MiB, 2 passes), hashed off the event loop by
 * @node-rs/argon2. (The `argon2` package's addon crashes inside jest's ESM runtime.)
 */
@Injectable()
export class PasswordHasher {
  private readonly options = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
  // Verified against when no account matches, so unknown emails cost the same time as wrong passwords.
  private readonly decoyHash = hash('decoy password that never matches', this.options);

  hash(password: string): Promise<string> {
    return hash(password, this.options);
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    if (!passwordHash) {
      await verify(await this.decoyHash, password).catch(() => false);
      return false;
    }
    return verify(passwordHash, password).catch(() => false);
  }
}
