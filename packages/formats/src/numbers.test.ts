import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NUMBER_FORMAT,
  describeNumberFormat,
  isDefaultNumberFormat,
  type NumberFormat,
  readNumberText,
  shiftDecimalLeft,
} from './numbers.ts';

const withFormat = (f: Partial<NumberFormat>) => ({ ...DEFAULT_NUMBER_FORMAT, ...f });

describe('number formats', () => {
  it('reads plain, Western and Indian grouped numbers with the default format', () => {
    expect(readNumberText('1234.50')).toBe('1234.50');
    expect(readNumberText(' 1,234,567.89 ')).toBe('1234567.89');
    expect(readNumberText('12,34,567.00')).toBe('1234567.00');
    expect(readNumberText('-.5')).toBe('-.5');
    expect(readNumberText('+3.5e2')).toBe('3.5e2');
    expect(readNumberText('(1,234.50)')).toBe('-1234.50');
    expect(readNumberText('1,50')).toBeNull();
    expect(readNumberText('12,345,67')).toBeNull();
    expect(readNumberText('')).toBeNull();
    expect(readNumberText('abc')).toBeNull();
  });

  it('restricts grouping to the declared style', () => {
    const western = withFormat({ grouping: 'western' });
    const indian = withFormat({ grouping: 'indian' });
    const none = withFormat({ grouping: 'none' });
    expect(readNumberText('1,234,567.00', western)).toBe('1234567.00');
    expect(readNumberText('12,34,567.00', western)).toBeNull();
    expect(readNumberText('12,34,567.00', indian)).toBe('1234567.00');
    expect(readNumberText('1,234.00', indian)).toBe('1234.00');
    expect(readNumberText('12,345.00', indian)).toBe('12345.00');
    expect(readNumberText('123,456.00', indian)).toBeNull();
    expect(readNumberText('1,234', none)).toBeNull();
    expect(readNumberText('1234', none)).toBe('1234');
  });

  it('reads a trailing minus only when the format declares it', () => {
    expect(readNumberText('1,234.50-')).toBeNull();
    expect(readNumberText('1,234.50-', withFormat({ trailingMinus: true }))).toBe('-1234.50');
    expect(readNumberText('1,234.50 -', withFormat({ trailingMinus: true }))).toBe('-1234.50');
    expect(readNumberText('-1,234.50-', withFormat({ trailingMinus: true }))).toBeNull();
  });

  it('reads Dr / Cr suffixes with the declared negative side, any case, with or without a dot or space', () => {
    const drNegative = withFormat({ drCr: 'drNegative' });
    const crNegative = withFormat({ drCr: 'crNegative' });
    expect(readNumberText('500.00 Dr', drNegative)).toBe('-500.00');
    expect(readNumberText('500.00CR', drNegative)).toBe('500.00');
    expect(readNumberText('1,500.00 Dr.', drNegative)).toBe('-1500.00');
    expect(readNumberText('500.00 Dr', crNegative)).toBe('500.00');
    expect(readNumberText('500.00 cr', crNegative)).toBe('-500.00');
    expect(readNumberText('500.00', drNegative)).toBe('500.00');
    expect(readNumberText('000000012345D', drNegative)).toBe('-000000012345');
    expect(readNumberText('000000012345C', withFormat({ drCr: 'drNegative', scale: 2 }))).toBe('123.45');
    expect(readNumberText('12D', withFormat({ drCr: 'none' }))).toBeNull();
    expect(readNumberText('500.00 Dr')).toBeNull();
    // One sign per value: a minus with a suffix is refused, never guessed.
    expect(readNumberText('-500.00 Cr', drNegative)).toBeNull();
    expect(readNumberText('(500.00) Dr', drNegative)).toBeNull();
  });

  it('drops a currency symbol or code before or after the number when declared', () => {
    const currency = withFormat({ currency: true });
    expect(readNumberText('₹1,23,456.78', currency)).toBe('123456.78');
    expect(readNumberText('Rs. 1,234.00', currency)).toBe('1234.00');
    expect(readNumberText('Rs 1,234', currency)).toBe('1234');
    expect(readNumberText('INR 99.5', currency)).toBe('99.5');
    expect(readNumberText('-$12.00', currency)).toBe('-12.00');
    expect(readNumberText('$-12.00', currency)).toBe('-12.00');
    expect(readNumberText('(₹1,234.00)', currency)).toBe('-1234.00');
    expect(readNumberText('1,234.00 INR', currency)).toBe('1234.00');
    expect(readNumberText('12 €', currency)).toBe('12');
    expect(readNumberText('₹1,234')).toBeNull();
    expect(readNumberText('¥1,234', currency)).toBeNull();
  });

  it('divides by the scale exactly, as text', () => {
    const paise = withFormat({ scale: 2 });
    expect(readNumberText('12345', paise)).toBe('123.45');
    expect(readNumberText('000000012345', paise)).toBe('123.45');
    expect(readNumberText('5', paise)).toBe('0.05');
    expect(readNumberText('-5', paise)).toBe('-0.05');
    expect(readNumberText('100', paise)).toBe('1.00');
    expect(readNumberText('99999999999999999', paise)).toBe('999999999999999.99');
    expect(readNumberText('1.5e3', paise)).toBe('1.5e1');
    expect(shiftDecimalLeft('0.5', 2)).toBe('0.005');
    expect(shiftDecimalLeft('1234.5', 3)).toBe('1.2345');
    expect(shiftDecimalLeft('42', 0)).toBe('42');
  });

  it('combines every option in one format', () => {
    const all = withFormat({ grouping: 'indian', trailingMinus: true, drCr: 'drNegative', currency: true, scale: 2 });
    expect(readNumberText('₹1,23,456 Dr', all)).toBe('-1234.56');
    expect(readNumberText('₹1,23,456-', all)).toBe('-1234.56');
    expect(readNumberText('Rs 1,23,456 Cr', all)).toBe('1234.56');
  });

  it('tells a default format from one with options, and describes the options', () => {
    expect(isDefaultNumberFormat(DEFAULT_NUMBER_FORMAT)).toBe(true);
    expect(isDefaultNumberFormat(null)).toBe(true);
    expect(isDefaultNumberFormat(withFormat({ scale: 2 }))).toBe(false);
    expect(describeNumberFormat(DEFAULT_NUMBER_FORMAT)).toBe('');
    expect(describeNumberFormat(withFormat({ drCr: 'drNegative', currency: true, scale: 2 }))).toBe(
      'Dr negative, currency symbol, ÷ 100',
    );
  });
});
