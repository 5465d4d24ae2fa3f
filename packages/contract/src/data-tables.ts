// Schemas of the data-tables calls (spec 2).
export {};
