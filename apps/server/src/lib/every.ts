/**
 * Runs `task` every `intervalMs` in the background — the timer never keeps the process alive, a tick never overlaps
 * the one before (the next wait starts when a run ends), and a failed run is reported and tried again at the next
 * tick. `stop()` cancels the next tick and resolves once a run in flight has ended, so a shutdown that awaits it can
 * close the pool under nobody.
 */
export function every(
  intervalMs: number,
  task: () => Promise<unknown>,
  onError: (err: unknown) => void,
): { stop: () => Promise<void> } {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      running = task()
        .then(
          () => undefined,
          (err) => onError(err),
        )
        .finally(() => {
          if (!stopped) schedule();
        });
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
