export type ExpectedVersion = number | 'no_stream' | 'any';

/** The stream moved on since the caller read it. Retry the command, or answer 409. */
export class StreamVersionConflictError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: ExpectedVersion,
    readonly actualVersion: number,
  ) {
    super(`Stream "${streamId}" is at version ${actualVersion}, expected ${String(expectedVersion)}`);
    this.name = 'StreamVersionConflictError';
  }
}
