import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useReconPeriods } from '@/features/transactions/api/get-recon-periods';
import {
  choiceOfParams,
  FIRST_CHOICE,
  type PeriodChoice,
  resolvePeriod,
  sameChoice,
  withChoice,
} from '@/features/transactions/period';
import { readPeriodMemory, writePeriodMemory } from '@/features/transactions/transactions-cache';
import { useBrand } from '@/lib/brand-context';

const NOTHING_LOADED = { latestRun: null, wholeFile: null };

/**
 * The Recon section's period for a recon: the URL's choice, else the module's last one, else the latest run.
 * The choice in use is written back to the URL (a link or a reload keeps it) and to the module's memory (the next
 * tab opens on it). `resolved` is null while a preset waits for the recon's periods on the tab's date column.
 */
export function useReconPeriod(moduleId: number, reconId: number | undefined, dateColumn: string | undefined) {
  const brand = useBrand();
  const [params, setParams] = useSearchParams();
  const linked = choiceOfParams(params);
  const choice: PeriodChoice = linked ?? readPeriodMemory(moduleId) ?? FIRST_CHOICE;
  const periods = useReconPeriods(moduleId, reconId, dateColumn);

  const isLinked = linked !== null;
  const key = JSON.stringify(choice);
  useEffect(() => {
    const current = JSON.parse(key) as PeriodChoice;
    if (!sameChoice(readPeriodMemory(moduleId), current)) writePeriodMemory(moduleId, current);
    if (!isLinked) setParams((p) => withChoice(p, current), { replace: true });
  }, [key, isLinked, moduleId, setParams]);

  // Unreadable periods fall back like a recon with nothing loaded: the page still shows the default range.
  const known = periods.data ?? (periods.isError ? NOTHING_LOADED : undefined);
  const resolved = reconId === undefined ? null : resolvePeriod(choice, known, brand.defaultDateRangeDays);
  const choose = (next: PeriodChoice) => {
    writePeriodMemory(moduleId, next);
    setParams((p) => withChoice(p, next));
  };
  return { choice, resolved, periods: periods.data, choose };
}
