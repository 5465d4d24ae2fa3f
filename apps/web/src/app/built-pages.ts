import { PAGE_ROUTES } from '@/app/routes';

/** A route pattern (with :params) as a regular expression over a pathname. */
function patternOf(path: string): RegExp {
  const escaped = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}(/.*)?$`);
}

const PATTERNS = PAGE_ROUTES.map((r) => patternOf(r.path));

/**
 * Whether a URL is a built page. Every other entry of the navigation tree shows the not-found image inside
 * the shell; the redirect after sign-in prefers a built page so nobody lands on one.
 */
export function isBuiltPage(url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? url;
  return PATTERNS.some((p) => p.test(path));
}
