import { describe, expect, it } from 'vitest';
import {
  keepOnlyGroup,
  PORTABLE_REGEX_MAX_LENGTH,
  parsePortableRegex,
  portableRegexProblem,
} from './portable-regex.ts';

describe('portable regular expressions', () => {
  it.each([
    ['NEFT-([A-Z0-9]+)-', 1],
    ['^(NEFT|RTGS)-(\\d{6,22})$', 2],
    ['(?:UPI|IMPS)/([0-9]{12})/', 1],
    ['[^-]+', 0],
    ['[\\w.\\-]+@[a-z]+', 0],
    ['\\.\\(\\)\\[\\]\\{\\}\\*\\+\\?\\|\\^\\$\\\\ \\/', 0],
    ['a{2}b{1,3}c{4,}', 0],
    ['[-a]x[a-]', 0],
    ['((a)(b))', 3],
    ['\\s*\\S\\W\\D', 0],
  ])('takes %s with %i capture groups', (pattern, groups) => {
    expect(parsePortableRegex(pattern).groups).toBe(groups);
    // Everything the subset takes is also a JavaScript regular expression.
    expect(() => new RegExp(pattern)).not.toThrow();
  });

  it.each([
    ['', 'enter a pattern'],
    ['a'.repeat(PORTABLE_REGEX_MAX_LENGTH + 1), 'at most 200 characters'],
    ['a+?', 'lazy repeats'],
    ['(\\d)\\1', '\\1 is not supported'],
    ['\\bword', '\\b is not supported'],
    ['(?<=x)y', 'only (?: … ) groups'],
    ['(?i)abc', 'only (?: … ) groups'],
    ['[[:digit:]]', 'POSIX classes'],
    ['a{', '{ starts a repeat count'],
    ['a{1,x}', '{ starts a repeat count'],
    ['a}', 'write \\} for the character }'],
    ['a]', 'write \\] for the character ]'],
    ['[]a]', 'write \\] for a ] inside'],
    ['[z-a]', 'the range z-a is backwards'],
    ['[\\d-z]', 'write \\- for a -'],
    ['[abc', 'a [ is not closed'],
    ['(abc', 'a ( is not closed'],
    ['abc)', 'a ) has no opening ('],
    ['*a', '* must follow something to repeat'],
    ['a**', 'a repeat cannot itself be repeated'],
    ['^*', '* must follow something to repeat'],
    ['a{101}', 'a repeat count is at most 100'],
    ['a{3,2}', 'the first count is larger'],
    ['((a{100}){100}){2}', 'repeats nested inside repeats are too large'],
    ['abc\\', 'ends with a lone \\'],
    ['[\\b]', '\\b is not supported inside'],
  ])('refuses %j: %s', (pattern, message) => {
    expect(portableRegexProblem(pattern)).toContain(message);
  });

  it('keeps only the asked capture group capturing', () => {
    const parsed = parsePortableRegex('(NEFT|RTGS)-([A-Z0-9]+)-(.*)');
    expect(keepOnlyGroup(parsed, 2)).toBe('(?:NEFT|RTGS)-([A-Z0-9]+)-(?:.*)');
    expect(keepOnlyGroup(parsed, 0)).toBe('(?:NEFT|RTGS)-(?:[A-Z0-9]+)-(?:.*)');
    expect(keepOnlyGroup(parsePortableRegex('(?:a)(\\(b)'), 1)).toBe('(?:a)(\\(b)');
  });
});
