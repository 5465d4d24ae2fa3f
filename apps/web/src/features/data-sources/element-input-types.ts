import { DATA_TYPES, type DataType, defaultInputType } from '@recon/contract';

/** The input types the server gives new elements (TEXT, NUMBER, DATE, DATETIME), in a stable order. */
export const INPUT_TYPES: readonly string[] = [...new Set(DATA_TYPES.map((t: DataType) => defaultInputType(t)))];

/** The options of an input-type picker, keeping a stored value that is not one of the usual ones. */
export function inputTypeOptions(current?: string): { value: string; label: string }[] {
  const values = current && !INPUT_TYPES.includes(current) ? [...INPUT_TYPES, current] : INPUT_TYPES;
  return values.map((v) => ({ value: v, label: v }));
}
