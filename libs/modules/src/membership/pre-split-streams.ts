/**
 * Until issue 22, payments and the identity check appended to the user's stream, `user-<id>`, which
 * identity writes too (ADR 0004). Events are never moved, so each still folds its own events recorded
 * there before the split; nothing of theirs is appended there any more, so reading it contends with
 * no one.
 */
export function preSplitUserStreamId(userId: string): string {
  return `user-${userId}`;
}
