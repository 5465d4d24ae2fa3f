import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatDateTime, formatNumber, numberLocaleFromSetting } from '@/lib/format';

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
  it('shows days as DD-MM-YYYY and moments as DD-MM-YYYY hh:mm A, one format everywhere', () => {
    const at = '2025-03-07T15:04:00';
    expect(formatDate(at)).toBe('07-03-2025');
    expect(formatDate('2025-03-07')).toBe('07-03-2025');
    expect(formatDateTime(at)).toBe('07-03-2025 03:04 PM');
    expect(formatDateTime('2025-03-07T00:05:00')).toBe('07-03-2025 12:05 AM');
  });

  it('shows nothing for no date and unreadable input as it came', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('not a date');
  });
});
