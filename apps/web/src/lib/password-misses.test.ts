import { DEFAULT_PASSWORD_POLICY } from '@recon/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '@/lib/i18n/en';
import { passwordMissesText } from '@/lib/password-misses';

async function translator(lng: string, resources: object) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { [lng]: { translation: resources } }, interpolation: { escapeValue: false } });
  return i18n.t;
}

describe('what a password lacks', () => {
  it('reads in English from the first-load bundle', async () => {
    const t = await translator('en', en);
    expect(passwordMissesText(t, 'abc', DEFAULT_PASSWORD_POLICY)).toBe(
      'at least 8 characters, an uppercase letter, a digit, a special character',
    );
    expect(passwordMissesText(t, 'Abcdef1!', DEFAULT_PASSWORD_POLICY)).toBe('');
  });

  it("is worded in the reader's language, not the contract's English", async () => {
    const t = await translator('es', {
      passwordRules: {
        minLength: 'al menos {{count}} caracteres',
        uppercase: 'una mayúscula',
        digit: 'un dígito',
        symbol: 'un carácter especial',
        separator: '; ',
      },
    });
    expect(passwordMissesText(t, 'abc', DEFAULT_PASSWORD_POLICY)).toBe(
      'al menos 8 caracteres; una mayúscula; un dígito; un carácter especial',
    );
  });
});
