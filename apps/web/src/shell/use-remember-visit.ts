import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { rememberVisitedUrl } from '@/lib/last-visited';

/**
 * Remembers each page visited, per base path and module, for returning to a section later. Only a
 * change of location records: a module switch alone must not file the old module's page under the new one.
 */
export function useRememberVisit(moduleId: number): void {
  const { pathname, search } = useLocation();
  const moduleIdRef = useRef(moduleId);
  useLayoutEffect(() => {
    moduleIdRef.current = moduleId;
  }, [moduleId]);
  useEffect(() => {
    rememberVisitedUrl(moduleIdRef.current, `${pathname}${search}`);
  }, [pathname, search]);
}
