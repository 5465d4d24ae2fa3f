import { PASSWORD_POLICY_TEXT } from '@recon/contract';
import { NAV_TREE } from '@recon/contract/nav';
import { MODULE_TEXTS, UNASSIGNED_TEXTS } from '@recon/contract/texts';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { en } from '@/lib/i18n/en';

describe('English texts', () => {
  it("keep the contract's texts word for word", () => {
    expect(en.auth.unassigned).toMatchObject(UNASSIGNED_TEXTS);
    expect(en.modules).toMatchObject(MODULE_TEXTS);
    expect(en.auth.reset.policy).toBe(PASSWORD_POLICY_TEXT);
  });

  it('label every navigation section as the tree does', () => {
    for (const section of NAV_TREE) expect(i18n.t(`nav.${section.basePath}`)).toBe(section.label);
  });

  it('fall back to English while the Spanish set is empty', async () => {
    await i18n.changeLanguage('es');
    expect(i18n.t('common.noData')).toBe('No Data available');
    await i18n.changeLanguage('en');
  });
});
