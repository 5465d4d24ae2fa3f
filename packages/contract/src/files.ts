// Schemas of the files calls (spec 2).
export {};
