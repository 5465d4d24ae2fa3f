import { useEffect, useState } from 'react';

/** Whole seconds left until a moment (epoch ms), ticking every second; 0 once it has passed. */
export function useSecondsLeft(untilMs: number): number {
  const compute = () => Math.max(0, Math.ceil((untilMs - Date.now()) / 1000));
  const [secondsLeft, setSecondsLeft] = useState(compute);
  // biome-ignore lint/correctness/useExhaustiveDependencies: compute only reads untilMs
  useEffect(() => {
    setSecondsLeft(compute());
    const timer = setInterval(() => {
      const left = compute();
      setSecondsLeft(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [untilMs]);
  return secondsLeft;
}

/** 125 → "02:05". */
export function formatMinutesSeconds(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
