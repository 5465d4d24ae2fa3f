// Schemas of the job-executions calls (spec 2).
export {};
