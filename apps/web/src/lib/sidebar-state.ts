import { useCallback, useState } from 'react';
import { readJson, writeJson } from '@/lib/storage';

const COLLAPSED_KEY = 'sidebarCollapsed';

/** The sidebar's collapsed flag, remembered across visits; not collapsed by default. */
export function useSidebarCollapsed(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setCollapsed] = useState(() => readJson(localStorage, COLLAPSED_KEY) === true);
  const update = useCallback((next: boolean) => {
    writeJson(localStorage, COLLAPSED_KEY, next);
    setCollapsed(next);
  }, []);
  return [collapsed, update];
}
