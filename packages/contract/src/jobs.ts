// Schemas of the jobs calls (spec 2).
export {};
