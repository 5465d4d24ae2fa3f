import { batchSlotTime, CYCLE_OPTIONS } from '@recon/contract';

const SECONDS_PER_MINUTE = 60;
const SECONDS_PER_HOUR = 3600;

/** 45 → "45s", 185 → "3m 05s", 3723 → "1h 02m 03s". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || seconds < 0) return '';
  // Durations are whole seconds: 0 is a run shorter than one.
  if (seconds === 0) return '< 1s';
  const h = Math.floor(seconds / SECONDS_PER_HOUR);
  const m = Math.floor((seconds % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE);
  const s = seconds % SECONDS_PER_MINUTE;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h}h ${pad(m)}m ${pad(s)}s`;
  if (m > 0) return `${m}m ${pad(s)}s`;
  return `${s}s`;
}

/** Batch 3 → "3 (01:30)": batches 1 to 48 are half-hour slots of the day. */
export function batchText(batchNumber: number | null): string {
  if (batchNumber === null) return '';
  const time = batchSlotTime(batchNumber);
  return time ? `${batchNumber} (${time})` : String(batchNumber);
}

/** Cycle 9 → "1C": the run dialog's option labels (2C–8C are cycles 2–8, 1C the day's last cycle 9). */
export function cycleText(cycleNumber: number | null): string {
  if (cycleNumber === null) return '';
  return CYCLE_OPTIONS.find((o) => o.cycleNumber === cycleNumber)?.label ?? String(cycleNumber);
}
