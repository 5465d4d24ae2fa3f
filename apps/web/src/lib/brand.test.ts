import { PAGE_SIZE_OPTIONS } from '@recon/contract/constants';
import { describe, expect, it } from 'vitest';
import { brandForHost, errorReportingSampleRate } from '@/lib/brand';

describe('brand by host name', () => {
  it('uses the first bank variant with 200 rows a page and no error reporting', () => {
    const brand = brandForHost('recon.bank-one.example.com');
    expect(brand.key).toBe('bankOne');
    expect(brand.defaultPageSize).toBe(200);
    expect(errorReportingSampleRate('recon.bank-one.example.com')).toBe(0);
  });

  it('uses a default date range of 0 days for the second bank variant', () => {
    expect(brandForHost('bank-two.example.com').defaultDateRangeDays).toBe(0);
  });

  it('uses 100 rows a page for the games variant', () => {
    expect(brandForHost('ops.games.example.com').defaultPageSize).toBe(100);
  });

  it('falls back to the default brand: 50 rows (one of the page-size options), last 15 days, reporting at 0.2 except on localhost', () => {
    const brand = brandForHost('recon.example.com');
    expect([brand.key, brand.defaultPageSize, brand.defaultDateRangeDays]).toEqual(['default', 50, 15]);
    expect(PAGE_SIZE_OPTIONS).toContain(brand.defaultPageSize);
    expect(errorReportingSampleRate('recon.example.com')).toBe(0.2);
    expect(errorReportingSampleRate('localhost')).toBe(0);
  });
});
