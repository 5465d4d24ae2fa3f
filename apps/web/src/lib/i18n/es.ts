/** Spanish: wired but still empty, so every text falls back to English. */
export const es = {};
