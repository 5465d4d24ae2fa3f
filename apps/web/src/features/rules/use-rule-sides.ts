import { useMemo } from 'react';
import { useReconSides } from '@/features/rules/api/get-recon-sides';
import type { Sides } from '@/features/rules/condition-rows';
import { useDataElements } from '@/lib/reads/data-sources';

/** A recon's side A and side B with the data elements a rule may read from each. */
export function useRuleSides(moduleId: number, reconId: number | undefined) {
  const sides = useReconSides(moduleId, reconId);
  const a = sides.data?.sideA ?? null;
  const b = sides.data?.sideB ?? null;
  const elementsA = useDataElements(moduleId, a?.id);
  const elementsB = useDataElements(moduleId, b?.id);
  const value = useMemo<Sides>(
    () => ({
      a: a ? { side: 'A', dataSourceId: a.id, name: a.name, elements: elementsA.data ?? [] } : null,
      b: b ? { side: 'B', dataSourceId: b.id, name: b.name, elements: elementsB.data ?? [] } : null,
    }),
    [a, b, elementsA.data, elementsB.data],
  );
  return {
    sides: value,
    isLoading: sides.isLoading || elementsA.isLoading || elementsB.isLoading,
    isError: sides.isError || elementsA.isError || elementsB.isError,
    /** Known and lacking side A or side B: the recon cannot have rules yet. */
    isMissingSides: sides.isSuccess && (!a || !b),
  };
}
