/** Every query of the area starts with this key, so an action can refresh all of it at once. */
export const transactionsRoot = (moduleId: number) => ['transactions', moduleId] as const;
