/** The stream moved since the writer read it: nothing was written. Maps to HTTP 409. */
export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`stream ${streamId} is at version ${actual}, not ${String(expected)}`);
  }
}

/** Some event ids of an append are already stored, but not as this same append. Nothing was written. */
export class EventIdConflictError extends Error {
  override readonly name = 'EventIdConflictError';
  constructor(
    readonly streamId: string,
    readonly eventIds: readonly string[],
  ) {
    super(`event id(s) ${eventIds.join(', ')} already belong to other appends; an append is retried whole or not at all`);
  }
}

/** One event is larger than any transport carries: nothing was written. Maps to HTTP 413. */
export class EventTooLargeError extends Error {
  override readonly name = 'EventTooLargeError';
  constructor(
    readonly streamId: string,
    /** The event's index in the append (0-based). */
    readonly index: number,
    readonly type: string,
    readonly bytes: number,
    readonly limit: number,
  ) {
    super(`event ${index} (${type}) of stream ${streamId} is ${bytes} bytes; an event may be at most ${limit} bytes`);
  }
}

/** `number`: the stream's exact version (0 = no events yet); 'no_stream' = 0; 'any' skips the check. */
export type ExpectedVersion = number | 'no_stream' | 'any';

/** An embedded data folder is open in another live process (PGlite allows one). */
export class DataDirInUseError extends Error {
  override readonly name = 'DataDirInUseError';
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(`the embedded database in ${dataDir} is in use by process ${holderPid} (stop it first, e.g. the running \`npm start\`)`);
  }
}
