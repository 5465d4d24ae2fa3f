import { columnHeading, type TransactionColumn, type TransactionRecon } from '@recon/contract';
import type { TFunction } from 'i18next';
import { formatCell } from '@/features/transactions/cell-format';
import { formatCurrency, formatNumber, type NumberLocale } from '@/lib/format';

/** An element as the engine writes it in a condition's text: "A.value_date", "B.net_amount". */
const ELEMENT = /\b([AB])\.([A-Za-z_][A-Za-z0-9_]*)/g;
/** The tolerance the engine appends: " (± 0.01)", " (± 2 %)". */
const TOLERANCE = / \(± ([0-9]+(?:\.[0-9]+)?)( %)?\)/;
/** Transforms that make element one a date whatever its column is. */
const TO_DATE = /\|(Date|Parse date|Parse timestamp)\b/;

export type DescribedCondition = {
  /** The condition in the tabs' words: "Value Date (A) = Settlement Date (B) ± 1 day". */
  text: string;
  /** Element one's and element two's values as the tabs show them (money, dates); "∅" for none. */
  formatOne: (value: string | null) => string;
  formatTwo: (value: string | null) => string;
};

function columnOf(recon: TransactionRecon | undefined, side: string, name: string): TransactionColumn | undefined {
  return recon?.dataSources.find((d) => d.side === side)?.columns.find((c) => c.name === name);
}

/**
 * A condition the engine describes ("A.amount = B.net_amount (± 0.01)") as a finance user reads it: columns by the
 * tabs' headings with their side, the tolerance with its unit (days for dates, rupees for money), values formatted
 * as the tabs format them.
 */
export function describeCondition(
  text: string,
  recon: TransactionRecon | undefined,
  t: TFunction,
  locale: NumberLocale,
): DescribedCondition {
  const [one, two] = [...text.matchAll(ELEMENT)].map(([, side = '', name = '']) => columnOf(recon, side, name));
  const tolerance = TOLERANCE.exec(text);
  let unit = '';
  if (tolerance) {
    const [, amount = '0', percent] = tolerance;
    const isDate = one?.type === 'DATE' || one?.type === 'DATETIME' || TO_DATE.test(text.slice(0, tolerance.index));
    unit = percent
      ? `${formatNumber(amount, locale, 4)} %`
      : isDate
        ? t('transactions.explain.days', { count: Number(amount) })
        : one?.isMoney
          ? formatCurrency(amount, locale)
          : formatNumber(amount, locale, 4);
  }
  const words = text
    .replace(TOLERANCE, tolerance ? ` ± ${unit}` : '')
    .replace(ELEMENT, (_, side: string, name: string) => `${columnHeading(name)} (${side})`);
  const format = (column: TransactionColumn | undefined) => (value: string | null) =>
    value === null ? '∅' : column ? formatCell(value, column, locale) : value;
  return { text: words, formatOne: format(one), formatTwo: format(two ?? one) };
}
