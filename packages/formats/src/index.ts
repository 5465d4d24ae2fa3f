export * from './column-heading.ts';
export * from './date-patterns.ts';
export * from './date-proposals.ts';
export * from './numbers.ts';
export * from './portable-regex.ts';
