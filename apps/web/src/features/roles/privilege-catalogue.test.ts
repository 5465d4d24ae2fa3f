import { PRIVILEGE_CODES } from '@recon/contract/privileges';
import { describe, expect, it } from 'vitest';
import { enPlatform } from '@/lib/i18n/en-platform';

describe('privilege catalogue', () => {
  it('gives every privilege the app knows a label and a one-line meaning', () => {
    const catalogue: Record<string, { label: string; meaning: string }> = enPlatform.roles.catalogue;
    for (const code of PRIVILEGE_CODES) {
      expect(catalogue[code]?.label, code).toMatch(/\S/);
      expect(catalogue[code]?.meaning, code).toMatch(/^[A-Z].*\.$/);
      expect(catalogue[code]?.meaning, code).not.toContain('\n');
    }
    expect(Object.keys(catalogue).sort()).toEqual([...PRIVILEGE_CODES].sort());
  });
});
