import { NUMBER_FORMATS } from '@recon/contract/constants';
import { createContext, useContext } from 'react';
import type { NumberLocale } from '@/lib/format';

/** The NUMBER_FORMAT setting of the signed-in user's organisation, Indian grouping until it is known. */
const NumberLocaleContext = createContext<NumberLocale>(NUMBER_FORMATS.indian);
export const NumberLocaleProvider = NumberLocaleContext.Provider;

export function useNumberLocale(): NumberLocale {
  return useContext(NumberLocaleContext);
}
