// Schemas of the pipelines calls (spec 2).
export {};
