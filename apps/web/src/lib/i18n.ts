import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '@/lib/i18n/en';
import { es } from '@/lib/i18n/es';

export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;

void i18n.use(initReactI18next).init({
  // A copy: adding a bundle merges into the store's object, and `en` stays the first load's texts alone.
  resources: { en: { translation: structuredClone(en) }, es: { translation: es } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: SUPPORTED_LANGUAGES,
  interpolation: { escapeValue: false },
  // Resources are bundled, so start synchronously: the first render already has its texts.
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
});

/** Merges a bundle into the one namespace (deep, keeping what is there), so keys and types stay one set. */
export function addTexts(texts: object): void {
  i18n.addResourceBundle('en', 'translation', texts, true, false);
}

/**
 * Adds the texts every signed-in page may show (the navigation labels, `ui/` and the shell, keys read by more than
 * one area) to the one namespace. The signed-in frame waits for it before it renders; /login's first load stays
 * without them.
 */
let sharedTexts: Promise<void> | undefined;
export function loadSharedTexts(): Promise<void> {
  sharedTexts ??= import('@/lib/i18n/en-shared').then(({ enShared }) => addTexts(enShared));
  return sharedTexts;
}

export { i18n };
