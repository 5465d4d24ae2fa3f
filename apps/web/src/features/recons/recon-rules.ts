import { RECON_NAME_MAX } from '@recon/contract';
import { RECON_TEXTS } from '@recon/contract/texts';

export type ReconDraft = {
  name?: string;
  description?: string;
  sideADataSourceId?: number | null;
  sideBDataSourceId?: number | null;
};

/** The name's problem, with the server's messages. */
export function reconNameProblem(value: string | undefined): string | null {
  const name = (value ?? '').trim();
  if (!name) return RECON_TEXTS.nameRequired;
  return name.length > RECON_NAME_MAX ? RECON_TEXTS.nameTooLong : null;
}

/** Sides are set together or not at all, and never to one data source twice (the server's rules). */
export function sidesProblem(
  draft: ReconDraft,
): { field: 'sideADataSourceId' | 'sideBDataSourceId'; message: string } | null {
  const a = draft.sideADataSourceId ?? null;
  const b = draft.sideBDataSourceId ?? null;
  if (a === null && b === null) return null;
  if (a === null) return { field: 'sideADataSourceId', message: RECON_TEXTS.bothSides };
  if (b === null) return { field: 'sideBDataSourceId', message: RECON_TEXTS.bothSides };
  return a === b ? { field: 'sideBDataSourceId', message: RECON_TEXTS.sameSides } : null;
}
