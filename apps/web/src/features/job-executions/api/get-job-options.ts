import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type JobOfModule, jobsFromAllModulesQuery } from '@/lib/reads/jobs';

export type JobOption = { id: number; name: string };

/** The job filter's choices: the jobs of every module the user has, narrowed to this module, by name. */
export function useJobOptions(moduleId: number) {
  const toOptions = useCallback(
    (jobs: JobOfModule[]): JobOption[] =>
      jobs
        .filter((job) => job.moduleId === moduleId)
        .map(({ id, name }) => ({ id, name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [moduleId],
  );
  return useQuery({ ...jobsFromAllModulesQuery, staleTime: 60_000, select: toOptions });
}
