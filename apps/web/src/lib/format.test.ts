import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatNumber, numberLocaleFromSetting } from '@/lib/format';

describe('number and money formats', () => {
  it('groups digits the Indian way or the international way per the NUMBER_FORMAT setting', () => {
    expect(formatNumber('1234567.5', numberLocaleFromSetting('en-IN'))).toBe('12,34,567.5');
    expect(formatNumber('1234567.5', numberLocaleFromSetting('en-US'))).toBe('1,234,567.5');
    expect(numberLocaleFromSetting(undefined)).toBe('en-IN');
  });

  it('shows money in INR with 2 decimals without losing digits of a decimal string', () => {
    expect(formatCurrency('12345678901234567.89', 'en-US')).toBe('₹12,345,678,901,234,567.89');
    expect(formatCurrency('0.1', 'en-IN')).toBe('₹0.10');
    expect(formatCurrency('-2500', 'en-IN')).toBe('-₹2,500.00');
  });

  it('shows unreadable money as it came', () => {
    expect(formatCurrency('n/a', 'en-IN')).toBe('n/a');
  });
});

describe('date formats', () => {
  it('formats with the product date formats', () => {
    const at = '2025-03-07T15:04:00';
    expect(formatDate(at)).toBe('07-03-2025');
    expect(formatDate(at, 'iso')).toBe('2025-03-07');
    expect(formatDate(at, 'shortDateTime')).toBe('07/03/25 03:04PM');
    expect(formatDate(at, 'month')).toBe('03/2025');
    expect(formatDate(null)).toBe('');
  });
});
