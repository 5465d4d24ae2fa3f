/**
 * Full paths of the pages built so far. Every other entry of the navigation tree shows the not-found
 * image inside the shell; the redirect after sign-in prefers a built page so nobody lands on one.
 */
export const BUILT_PAGE_PATHS = [
  '/settings/audit-logs',
  '/settings/module-settings',
  '/settings/user-settings/user-roles',
] as const;
export type BuiltPagePath = (typeof BUILT_PAGE_PATHS)[number];

export function isBuiltPage(url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? url;
  return BUILT_PAGE_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}
