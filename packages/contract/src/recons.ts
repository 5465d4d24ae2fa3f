// Schemas of the recons calls (spec 2).
export {};
