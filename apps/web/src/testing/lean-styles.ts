/**
 * Keeps only the style rules a test can observe. Ant Design writes some 2,500 rules into the document; jsdom
 * matches every rule against every element whose style is asked for, and Testing Library asks for the style of
 * each element a role query walks (is it hidden?) and user-event of each element it clicks (does it take the
 * pointer?). Nothing is laid out in jsdom, so the only styles with an effect are `display`, `visibility` and
 * `pointer-events`. As soon as a style sheet arrives, the rules that cannot change those three are dropped, the
 * others kept in their order, so they compute exactly as before while each style lookup matches a tenth of the
 * rules. Dropped: rules setting none of the three, rules only for pseudo-elements (jsdom matches none) and what
 * jsdom never applies (@media other than screen, @supports, @keyframes, @font-face…).
 */
const OBSERVED_PROPERTIES: ReadonlySet<string> = new Set(['display', 'visibility', 'pointer-events']);

type RuleList = { readonly length: number; readonly [index: number]: CSSRule };
type GroupingRule = { readonly cssRules: RuleList; deleteRule(index: number): void };
type AnyRule = CSSRule & { style?: CSSStyleDeclaration; selectorText?: string; media?: MediaList };

/** Selectors split at their top-level commas: `a, b:is(c, d)` is two. */
const selectorsOf = (list: string) => list.split(/,(?![^(]*\))/);

function isObservable(rule: AnyRule): boolean {
  const { style, selectorText } = rule;
  if (!style || !selectorText) return false;
  if (selectorsOf(selectorText).every((selector) => selector.includes('::'))) return false;
  for (let i = 0; i < style.length; i++) if (OBSERVED_PROPERTIES.has(style[i] ?? '')) return true;
  return false;
}

/** As jsdom reads a style sheet: style rules, and the style rules directly inside an @media for screen. */
function prune(sheet: GroupingRule): void {
  for (let i = sheet.cssRules.length - 1; i >= 0; i--) {
    const rule = sheet.cssRules[i] as AnyRule;
    if (rule.constructor.name === 'CSSImportRule') continue;
    if (rule.media) {
      const group = rule as unknown as GroupingRule;
      const isForScreen = Array.prototype.indexOf.call(rule.media, 'screen') !== -1;
      if (isForScreen)
        for (let j = group.cssRules.length - 1; j >= 0; j--)
          if (!isObservable(group.cssRules[j] as AnyRule)) group.deleteRule(j);
      if (!isForScreen || group.cssRules.length === 0) sheet.deleteRule(i);
    } else if (!isObservable(rule)) {
      sheet.deleteRule(i);
    }
  }
}

const pruned = new WeakSet<CSSStyleSheet>();

function pruneStyleSheets(): void {
  for (const style of document.querySelectorAll('style')) {
    const sheet = style.sheet;
    if (!sheet || pruned.has(sheet)) continue;
    pruned.add(sheet);
    prune(sheet as unknown as GroupingRule);
  }
}

/** Prunes every style sheet now and each one added or rewritten later (a style element's new text is a new sheet). */
export function keepOnlyObservableStyles(): void {
  pruneStyleSheets();
  new MutationObserver(pruneStyleSheets).observe(document.head, {
    childList: true,
    subtree: true,
    characterData: true,
  });
}
