import type { BotConfigsResponse } from '@recon/contract';
import type { ActivityDraft } from '@/features/jobs/job-draft';

type Bot = BotConfigsResponse['data'][number];

/**
 * A bot activity names its downloader by `additionalInfo.botType`; its typeId (the save needs one) is the bot's
 * position in the catalogue, from 1, which also finds the bot of an activity saved without a botType.
 */
export function botTypeId(catalogue: readonly Bot[], botType: string): number | null {
  const index = catalogue.findIndex((b) => b.botType === botType);
  return index < 0 ? null : index + 1;
}

export function botOfActivity(
  catalogue: readonly Bot[],
  activity: Pick<ActivityDraft, 'typeId' | 'additionalInfo'>,
): Bot | undefined {
  const botType = activity.additionalInfo?.botType;
  if (typeof botType === 'string') return catalogue.find((b) => b.botType === botType);
  return activity.typeId ? catalogue[activity.typeId - 1] : undefined;
}
