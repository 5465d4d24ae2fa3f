import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadAreaTexts, TEXT_AREAS } from '@/lib/area-texts';
import { loadSharedTexts } from '@/lib/i18n';
import { clearSession } from '@/lib/session';
import { keepOnlyObservableStyles } from '@/testing/lean-styles';

// Components render with every text, as inside the signed-in frame with every area's pages loaded.
await Promise.all([loadSharedTexts(), ...TEXT_AREAS.map(loadAreaTexts)]);

// find* and waitFor wait for what the user waits for (a lazy page with its texts, a server answer) up to this bound,
// not Testing Library's 1 s: two test files share CI's 2 cores and a route's first import is transformed on demand
// (a file's first page took over 5 s in a CI run sharing the machine).
configure({ asyncUtilTimeout: 10_000 });

// Testing Library turns this on by itself only when test globals are enabled; this project imports them.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom lacks the layout APIs Ant Design reads; these stand-ins report "no match" and "no size".
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// jsdom does not implement pseudo-element styles and logs an error for each request.
const getComputedStyleOf = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyleOf(element);

keepOnlyObservableStyles();

afterEach(() => {
  cleanup();
  // Through the session module, so its cached snapshot is dropped along with the storage.
  clearSession();
});
