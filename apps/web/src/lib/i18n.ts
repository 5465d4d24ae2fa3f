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

export { i18n };
