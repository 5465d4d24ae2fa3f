import { describe, expect, it } from 'vitest';
import { CsvFormatError, CsvTokenizer, type CsvTokenizerOptions } from './csv-tokenizer.ts';

const DEFAULTS: CsvTokenizerOptions = { delimiter: ',', fromLine: 1, maxRecordChars: 1024 };

/** Tokenizes text fed in the given pieces; answers the records, or the error's code and line. */
function read(pieces: string | string[], options: Partial<CsvTokenizerOptions> = {}) {
  const records: string[][] = [];
  const t = new CsvTokenizer({ ...DEFAULTS, ...options }, (cells) => records.push(cells));
  try {
    for (const p of typeof pieces === 'string' ? [pieces] : pieces) t.write(p);
    t.end();
    return records;
  } catch (err) {
    if (err instanceof CsvFormatError) return { code: err.code, line: err.line };
    throw err;
  }
}

/** Every way of cutting the text in two: a record cut anywhere must read the same. */
const cuts = (text: string) => Array.from({ length: text.length + 1 }, (_, i) => [text.slice(0, i), text.slice(i)]);

describe('CsvTokenizer', () => {
  it('reads LF, CRLF and CR files, with or without a last line break', () => {
    expect(read('a,b\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(read('a,b\r\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(read('a,b\r1,2\r')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('drops a BOM, skips empty lines and keeps a line of one quoted empty value', () => {
    expect(read('\ufeffa\n\n1\n\r\n""\n')).toEqual([['a'], ['1'], ['\r'], ['']]);
    expect(read('\ufeffa\r\n\r\n1\r\n')).toEqual([['a'], ['1']]);
  });

  it('reads quoted values: delimiters, line breaks and doubled quotes inside', () => {
    expect(read('"a,b","two\r\nlines","say ""hi"""\n')).toEqual([['a,b', 'two\r\nlines', 'say "hi"']]);
  });

  it('keeps a quote inside an unquoted value, and text after a closing quote, as text', () => {
    expect(read('5" pipe,x\n"5" pipe,y\n')).toEqual([
      ['5" pipe', 'x'],
      ['"5" pipe', 'y'],
    ]);
  });

  it('treats the line breaks other than the file record delimiter as text', () => {
    expect(read('a,b\r\nx\ny,z\r\n')).toEqual([
      ['a', 'b'],
      ['x\ny', 'z'],
    ]);
  });

  it('reads the same whatever the chunk boundaries', () => {
    const text = '\ufeffh1,h2\r\n"a,""b""\r\nc",d\r\n\r\ne,"f"\r\n"g"x,h';
    const whole = read(text);
    expect(whole).toEqual([
      ['h1', 'h2'],
      ['a,"b"\r\nc', 'd'],
      ['e', 'f'],
      ['"g"x', 'h'],
    ]);
    for (const pieces of cuts(text)) expect(read(pieces)).toEqual(whole);
  });

  it('starts at the header line: earlier records are skipped', () => {
    expect(read('title\n\nh1,h2\n1,2\n', { fromLine: 3 })).toEqual([
      ['h1', 'h2'],
      ['1', '2'],
    ]);
  });

  it('takes another delimiter', () => {
    expect(read('a;b\t\n"1;2";3\n', { delimiter: ';' })).toEqual([
      ['a', 'b\t'],
      ['1;2', '3'],
    ]);
    expect(read('a\tb\n1\t2\n', { delimiter: '\t' })).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('refuses a record with another number of fields, naming its line', () => {
    expect(read('a,b\n1,2\n3\n')).toEqual({ code: 'FIELD_COUNT', line: 3 });
    expect(read('a,b\n"x\ny",2\n3,4,5\n')).toEqual({ code: 'FIELD_COUNT', line: 4 });
  });

  it('refuses a quote that never closes, naming the line it opens on', () => {
    expect(read('a,b\n1,"open\nmore\n')).toEqual({ code: 'QUOTE_NOT_CLOSED', line: 2 });
  });

  it('refuses a record over the size limit, also when it never ends, without waiting for the end', () => {
    expect(read(`a\n${'x'.repeat(20)}\n`, { maxRecordChars: 10 })).toEqual({ code: 'RECORD_TOO_LONG', line: 2 });
    const records: string[][] = [];
    const t = new CsvTokenizer({ ...DEFAULTS, maxRecordChars: 10 }, (c) => records.push(c));
    t.write('a\n');
    expect(() => t.write('y'.repeat(11))).toThrow(CsvFormatError);
    expect(records).toEqual([['a']]);
  });
});
