// Schemas of the data-sources calls (spec 2).
export {};
