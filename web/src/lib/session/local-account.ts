import { ROLES, type TRole } from '@app/contracts';

/** docs/product.md §3 "Local browser storage keys". */
const KEYS = { selectedRole: 'selectedRole', userId: 'userId', userEmail: 'userEmail' } as const;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be blocked (private modes, strict settings); treat it as empty.
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the flow still works for this page view.
  }
}

export function readSelectedRole(): TRole | null {
  // A plain check rather than ZRole: this module is on the first page's path, which carries no zod.
  const role = read(KEYS.selectedRole);
  return ROLES.find((known) => known === role) ?? null;
}

export function storeSelectedRole(role: TRole): void {
  write(KEYS.selectedRole, role);
}

export function readStoredUserId(): string | null {
  return read(KEYS.userId);
}

export function storeAccount(account: { userId: string; email: string }): void {
  write(KEYS.userId, account.userId);
  write(KEYS.userEmail, account.email);
}
