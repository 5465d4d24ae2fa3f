/**
 * Dates read with an explicit pattern each, calendar-checked, as ISO `YYYY-MM-DD` strings. Independent of the
 * product's date patterns on purpose.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function isoDate(year, month, day, text) {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) {
    throw new Error(`not a calendar date: '${text}'`);
  }
  return d.toISOString().slice(0, 10);
}

function must(regex, text, pattern) {
  const m = regex.exec(text);
  if (!m) throw new Error(`'${text}' does not follow ${pattern}`);
  return m.slice(1).map((part, i) => (i === 1 && pattern.includes('Mon') ? part : Number(part)));
}

/** 2-digit years are 20YY: every fixture date is in this century. */
export function readDate(text, pattern) {
  switch (pattern) {
    case 'DD/MM/YYYY': {
      const [d, m, y] = must(/^(\d{2})\/(\d{2})\/(\d{4})$/, text, pattern);
      return isoDate(y, m, d, text);
    }
    case 'DD/MM/YY': {
      const [d, m, y] = must(/^(\d{2})\/(\d{2})\/(\d{2})$/, text, pattern);
      return isoDate(2000 + y, m, d, text);
    }
    case 'MM/DD/YY': {
      const [m, d, y] = must(/^(\d{2})\/(\d{2})\/(\d{2})$/, text, pattern);
      return isoDate(2000 + y, m, d, text);
    }
    case 'DD-MM-YYYY': {
      const [d, m, y] = must(/^(\d{2})-(\d{2})-(\d{4})$/, text, pattern);
      return isoDate(y, m, d, text);
    }
    case 'YYYYMMDD': {
      const [y, m, d] = must(/^(\d{4})(\d{2})(\d{2})$/, text, pattern);
      return isoDate(y, m, d, text);
    }
    case 'YYYY-MM-DD': {
      const [y, m, d] = must(/^(\d{4})-(\d{2})-(\d{2})$/, text, pattern);
      return isoDate(y, m, d, text);
    }
    case 'DD Mon YYYY': {
      const [d, mon, y] = must(/^(\d{2}) ([A-Z][a-z]{2}) (\d{4})$/, text, pattern);
      const m = MONTHS.indexOf(mon) + 1;
      if (m === 0) throw new Error(`unknown month in '${text}'`);
      return isoDate(y, m, d, text);
    }
    case 'YYYY-MM-DD HH:mm:ss UTC': {
      const [y, m, d] = must(/^(\d{4})-(\d{2})-(\d{2}) \d{2}:\d{2}:\d{2} UTC$/, text, pattern);
      return isoDate(y, m, d, text);
    }
    case 'DD/MM/YYYY HH:mm:ss': {
      const [d, m, y] = must(/^(\d{2})\/(\d{2})\/(\d{4}) \d{2}:\d{2}:\d{2}$/, text, pattern);
      return isoDate(y, m, d, text);
    }
    case 'DD/MM/YYYY HH:mm': {
      const [d, m, y] = must(/^(\d{2})\/(\d{2})\/(\d{4}) \d{2}:\d{2}$/, text, pattern);
      return isoDate(y, m, d, text);
    }
    default:
      throw new Error(`no reader for pattern ${pattern}`);
  }
}

/** The first pattern of the list that reads the text (a column whose rows use several formats). */
export function readDateAny(text, patterns) {
  for (const pattern of patterns) {
    try {
      return readDate(text, pattern);
    } catch {
      // try the next pattern
    }
  }
  throw new Error(`'${text}' follows none of ${patterns.join(', ')}`);
}

/** Epoch seconds to the calendar date in India (UTC+05:30, no daylight saving). */
export function epochSecondsToIstDate(text) {
  if (!/^\d{9,10}$/.test(text)) throw new Error(`not epoch seconds: '${text}'`);
  return new Date((Number(text) + 5.5 * 3600) * 1000).toISOString().slice(0, 10);
}

/** Whole days from a to b (ISO dates). */
export function daysBetween(a, b) {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
