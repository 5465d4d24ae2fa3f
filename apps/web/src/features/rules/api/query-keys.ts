/** Every query of this feature starts with this key, so one invalidation after a save refreshes them all. */
export const rulesQueryRoot = ['recon-rules'] as const;
