/**
 * Regular expressions a person types into a rule (extract, replace) run in PostgreSQL at reconciliation time,
 * and are checked in the browser and on the server before they are saved. JavaScript and PostgreSQL's "advanced"
 * regular expressions disagree on corners (POSIX classes, `{` as a literal, lazy quantifiers, back-references,
 * look-behind), so a rule takes a common subset that means the same in both and always compiles in PostgreSQL:
 *
 * - literals; `.`; `^` and `$` (start and end of the value); alternation `a|b`;
 * - `\d \D \w \W \s \S`, and `\` before any punctuation or space for that character itself (`\.`, `\-`, `\(`);
 * - classes `[A-Z0-9_-]`, `[^,]` with literals, ranges and `\d \w \s` inside (`]`, `[` and `\` escaped);
 * - groups `( … )` (capturing, numbered from 1 by their opening parenthesis) and `(?: … )`;
 * - greedy repeats `* + ?` and `{n}`, `{n,}`, `{n,m}` with counts up to 100.
 *
 * Not taken (each with its own message): lazy repeats (`*?`: PostgreSQL decides greediness for the whole
 * pattern), back-references, look-around and other `(?` groups, letter escapes other than `\d \w \s`, an
 * unescaped `{`, `}` or `]` outside a class. `.` also matches a line break in PostgreSQL; values are single lines.
 */

export const PORTABLE_REGEX_MAX_LENGTH = 200;
/** PostgreSQL refuses repeat counts over 255 and nests of repeats that blow up its automaton ("too complex"). */
const REPEAT_MAX = 100;
const NESTED_REPEAT_PRODUCT_MAX = 10_000;

export class PortableRegexError extends Error {}

export type PortableRegex = {
  source: string;
  /** Capturing groups, numbered 1…groups by their opening parenthesis. */
  groups: number;
  /** Index in `source` of each capturing group's `(`, in group order. */
  groupStarts: number[];
};

const CLASS_ESCAPES = 'dws';
const ESCAPES = 'dDwWsS';
const isAlnum = (c: string) => /[A-Za-z0-9]/.test(c);

/** A group being read: the largest product of counted repeats nested in it so far. */
type Frame = { repeatProduct: number };

/** Parses a pattern of the subset, or throws PortableRegexError saying what to change. */
export function parsePortableRegex(pattern: string): PortableRegex {
  const fail = (message: string): never => {
    throw new PortableRegexError(message);
  };
  if (pattern === '') fail('enter a pattern');
  if (pattern.length > PORTABLE_REGEX_MAX_LENGTH) {
    fail(`a pattern has at most ${PORTABLE_REGEX_MAX_LENGTH} characters`);
  }
  const groupStarts: number[] = [];
  // Open groups, each with the product of the repeat counts applied to the groups around it.
  const stack: { frame: Frame; start: number }[] = [];
  let outer: Frame = { repeatProduct: 1 };
  // Whether the last thing read can take a repeat (a literal, a class, a group, `.`, an escape).
  let canRepeat = false;
  // The product of repeats inside the last closed group, to check nesting when that group is repeated.
  let lastAtomInner = 1;
  let i = 0;

  const readRepeatCount = (): number => {
    const m = /^\{(\d{1,3})(,(\d{0,3}))?\}/.exec(pattern.slice(i));
    if (!m) return fail('{ starts a repeat count like {2} or {1,3}; write \\{ for the character itself');
    const low = Number(m[1]);
    const high = m[3] === undefined || m[3] === '' ? low : Number(m[3]);
    if (low > REPEAT_MAX || high > REPEAT_MAX) fail(`a repeat count is at most ${REPEAT_MAX}`);
    if (high < low) fail(`in {${m[1]},${m[3]}} the first count is larger than the second`);
    i += m[0].length;
    return Math.max(high, 1);
  };

  while (i < pattern.length) {
    const c = pattern.charAt(i);
    if (c === '\\') {
      const next = pattern.charAt(i + 1);
      if (next === '') fail('the pattern ends with a lone \\');
      if (isAlnum(next) && !ESCAPES.includes(next)) {
        fail(`\\${next} is not supported: use \\d, \\w, \\s (or \\D, \\W, \\S), or \\ before punctuation`);
      }
      i += 2;
      canRepeat = true;
      lastAtomInner = 1;
      continue;
    }
    if (c === '[') {
      i = readClass(pattern, i + 1, fail);
      canRepeat = true;
      lastAtomInner = 1;
      continue;
    }
    if (c === '(') {
      if (pattern.startsWith('(?:', i)) {
        i += 3;
      } else if (pattern.charAt(i + 1) === '?') {
        fail('only (?: … ) groups are supported (no look-around or flags)');
      } else {
        groupStarts.push(i);
        i += 1;
      }
      stack.push({ frame: outer, start: i });
      outer = { repeatProduct: 1 };
      canRepeat = false;
      continue;
    }
    if (c === ')') {
      const open = stack.pop();
      if (!open) fail('a ) has no opening (');
      // `outer` is the group's own frame until it closes: its product is what a repeat of the group multiplies.
      lastAtomInner = outer.repeatProduct;
      outer = (open as { frame: Frame }).frame;
      i += 1;
      canRepeat = true;
      continue;
    }
    if (c === '*' || c === '+' || c === '?' || c === '{') {
      if (!canRepeat) fail(`${c} must follow something to repeat`);
      // Only counted repeats grow PostgreSQL's automaton; `*`, `+` and `?` do not.
      let count = 1;
      if (c === '{') count = readRepeatCount();
      else i += 1;
      if (lastAtomInner * count > NESTED_REPEAT_PRODUCT_MAX) fail('repeats nested inside repeats are too large');
      outer.repeatProduct = Math.max(outer.repeatProduct, lastAtomInner * count);
      const after = pattern.charAt(i);
      if (after === '?') fail('lazy repeats (*?, +?, ??) are not supported: use a class such as [^-]+ instead');
      if (after === '*' || after === '+' || after === '{') fail('a repeat cannot itself be repeated');
      canRepeat = false;
      continue;
    }
    if (c === '}' || c === ']') fail(`write \\${c} for the character ${c}`);
    if (c === '|' || c === '^' || c === '$') {
      canRepeat = false;
      i += 1;
      continue;
    }
    // A literal or `.`.
    i += 1;
    canRepeat = true;
    lastAtomInner = 1;
  }
  if (stack.length) fail('a ( is not closed');
  return { source: pattern, groups: groupStarts.length, groupStarts };
}

/** Reads a class from just after its `[`; answers the index after its `]`. */
function readClass(pattern: string, from: number, fail: (m: string) => never): number {
  let i = from;
  if (pattern.charAt(i) === '^') i += 1;
  if (pattern.charAt(i) === ']') fail('write \\] for a ] inside [ … ]');
  // The previous class member when it is a single character (a range may start at it).
  let previous: string | null = null;
  let members = 0;
  while (i < pattern.length) {
    const c = pattern.charAt(i);
    if (c === ']') {
      if (members === 0) fail('[ … ] needs at least one character');
      return i + 1;
    }
    if (c === '[') fail('write \\[ for a [ inside [ … ] (POSIX classes like [:digit:] are not supported: use \\d)');
    let member: string | null;
    if (c === '\\') {
      const next = pattern.charAt(i + 1);
      if (next === '') fail('the pattern ends with a lone \\');
      if (isAlnum(next) && !CLASS_ESCAPES.includes(next)) {
        fail(`\\${next} is not supported inside [ … ]: use \\d, \\w, \\s or \\ before punctuation`);
      }
      member = isAlnum(next) ? null : next;
      i += 2;
    } else if (c === '-' && (members === 0 || pattern.charAt(i + 1) === ']')) {
      member = c;
      i += 1;
    } else if (c === '-') {
      if (previous === null) fail('write \\- for a - inside [ … ]');
      // A range previous-next.
      let end = pattern.charAt(i + 1);
      let width = 1;
      if (end === '') fail('a [ is not closed');
      if (end === '\\') {
        end = pattern.charAt(i + 2);
        width = 2;
        if (end === '' || isAlnum(end)) fail('a range in [ … ] ends with a single character');
      }
      if (end === '[') fail('write \\[ for a [ inside [ … ]');
      if (end < (previous as string)) fail(`the range ${previous}-${end} is backwards`);
      i += 1 + width;
      previous = null;
      members += 1;
      continue;
    } else {
      member = c;
      i += 1;
    }
    previous = member;
    members += 1;
  }
  return fail('a [ is not closed');
}

/** The problem with a pattern as a message, or null when it is in the subset. */
export function portableRegexProblem(pattern: string): string | null {
  try {
    parsePortableRegex(pattern);
    return null;
  } catch (err) {
    if (err instanceof PortableRegexError) return err.message;
    throw err;
  }
}

/**
 * The same pattern with only capturing group `n` left capturing (every other one becomes `(?:`), or none when
 * n is 0. PostgreSQL's `substring(value FROM pattern)` then answers group n (or the whole match when none is
 * left), and a pattern with one capture costs far less to run there than one with several.
 */
export function keepOnlyGroup(parsed: PortableRegex, n: number): string {
  let out = '';
  let from = 0;
  parsed.groupStarts.forEach((start, index) => {
    if (index + 1 === n) return;
    out += `${parsed.source.slice(from, start)}(?:`;
    from = start + 1;
  });
  return out + parsed.source.slice(from);
}
