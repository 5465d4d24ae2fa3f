import type { Db } from '@recon/db';

/**
 * What follows a change of a recon's rows: a finished engine run (`RUN`, of one recon) or a finished rollback
 * (`ROLLBACK`, of the module's recons it touched: reconId null). Features register a listener once per process
 * (by key: registering the same key again replaces it); lib code that changes rows announces the change. A listener
 * that fails is its own business: the run or rollback it follows has already ended, so the failure is logged by the
 * listener and never undoes it (decision 0031).
 */
export type ReconStateChange = { moduleId: number; reconId: number | null; cause: 'RUN' | 'ROLLBACK' };
export type ReconStateListener = (db: Db, change: ReconStateChange) => Promise<void>;

const listeners = new Map<string, ReconStateListener>();

export function onReconStateChange(key: string, listener: ReconStateListener): void {
  listeners.set(key, listener);
}

/** Runs every listener in turn, awaited (a job's next activity sees their work); failures do not propagate. */
export async function reconStateChanged(db: Db, change: ReconStateChange): Promise<void> {
  for (const listener of listeners.values()) {
    try {
      await listener(db, change);
    } catch {
      // The listener logs its own failures; the change it follows stands.
    }
  }
}
