import { describe, expect, it } from 'vitest';
import { every } from './every.ts';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('every', () => {
  it('runs the task repeatedly and reports a failed run without stopping', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const timer = every(
      5,
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('database restarting');
      },
      (err) => errors.push(err),
    );
    while (runs < 3) await tick(5);
    await timer.stop();
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('database restarting');
  });

  it('stop waits for the run in flight and no run starts after it', async () => {
    let release: () => void = () => {};
    let started = 0;
    let finished = 0;
    const timer = every(
      1,
      async () => {
        started += 1;
        await new Promise<void>((r) => {
          release = r;
        });
        finished += 1;
      },
      () => {},
    );
    while (started === 0) await tick(1);
    let stopped = false;
    const stopping = timer.stop().then(() => {
      stopped = true;
    });
    await tick(10);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(1);
    await tick(10);
    expect(started).toBe(1);
  });

  it('never overlaps runs when a run outlasts the interval', async () => {
    let inFlight = 0;
    let most = 0;
    let runs = 0;
    const timer = every(
      1,
      async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await tick(15);
        inFlight -= 1;
        runs += 1;
      },
      () => {},
    );
    while (runs < 3) await tick(5);
    await timer.stop();
    expect(most).toBe(1);
  });
});
