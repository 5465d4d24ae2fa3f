import { type CompiledDatePattern, compileDatePattern, readDateParts } from './date-patterns.ts';

/**
 * Patterns the preview proposes for a column, from its sample values. Every pattern of COMMON_DATE_PATTERNS is
 * tried on the non-blank samples; those reading all of them are proposed, best first. Two patterns that read
 * every sample into different dates (`03/04/2026`: 3 April or 4 March) make the proposal ambiguous: the person
 * must choose, the product never guesses.
 */
export const COMMON_DATE_PATTERNS = [
  'DD/MM/YYYY',
  'DD-MM-YYYY',
  'DD.MM.YYYY',
  'YYYY-MM-DD',
  'YYYYMMDD',
  'DD/MM/YY',
  'DD-MM-YY',
  'DD-MMM-YYYY',
  'DD-MMM-YY',
  'DD MMM YYYY',
  'MM/DD/YYYY',
  'DD/MM/YYYY HH:mm:ss',
  'DD/MM/YYYY HH:mm',
  'DD-MM-YYYY HH:mm:ss',
  'YYYY-MM-DD HH:mm:ss',
  'DD/MM/YYYY hh:mm A',
  'DD-MMM-YYYY HH:mm:ss',
  'EPOCH_S',
  'EPOCH_MS',
] as const;

export type DateProposal = {
  pattern: string;
  /** Non-blank samples the pattern reads. */
  matched: number;
  /** Other proposed patterns that read the same samples as different dates. */
  ambiguousWith: string[];
};

const compiled = COMMON_DATE_PATTERNS.map((p) => compileDatePattern(p));

function readings(c: CompiledDatePattern, samples: readonly string[]): string[] | null {
  const out: string[] = [];
  for (const s of samples) {
    const p = readDateParts(s, c);
    if (!p) return null;
    out.push(`${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}.${p.micro}`);
  }
  return out;
}

/**
 * Proposals for the sample values of one column, each reading every non-blank sample. Epoch patterns are proposed
 * only for values of 9 digits or more (a smaller number is more likely an amount or an id than a time).
 */
export function proposeDatePatterns(samples: readonly string[]): DateProposal[] {
  const values = samples.map((s) => s.trim()).filter((s) => s !== '');
  if (values.length === 0) return [];
  const fits = compiled.flatMap((c) => {
    if (c.epoch && values.some((v) => v.replace('-', '').length < 9)) return [];
    const r = readings(c, values);
    return r ? [{ c, r }] : [];
  });
  // Readings that differ from another fitting pattern's: the same text read as two different dates.
  return fits.map(({ c, r }) => ({
    pattern: c.pattern,
    matched: values.length,
    ambiguousWith: fits
      .filter((o) => o.c !== c && !o.c.epoch && !c.epoch && o.r.some((v, i) => v !== r[i]))
      .map((o) => o.c.pattern),
  }));
}
