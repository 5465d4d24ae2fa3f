import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '@/lib/i18n/en';
import { es } from '@/lib/i18n/es';

export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, es: { translation: es } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: SUPPORTED_LANGUAGES,
  interpolation: { escapeValue: false },
  // Resources are bundled, so start synchronously: the first render already has its texts.
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
});

/**
 * Adds the areas' texts (everything behind sign-in) to the one namespace. The signed-in frame waits for it before
 * it renders, so no page ever shows a key; /login's first load stays without them.
 */
let areaTexts: Promise<void> | undefined;
export function loadAreaTexts(): Promise<void> {
  areaTexts ??= import('@/lib/i18n/en-areas').then(({ enAreas }) => {
    i18n.addResourceBundle('en', 'translation', enAreas, true, false);
  });
  return areaTexts;
}

export { i18n };
