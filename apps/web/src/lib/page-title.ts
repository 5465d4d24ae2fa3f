import { useEffect } from 'react';
import { useBrand } from '@/lib/brand-context';

/** The browser title of a page: its name, then the brand the shell shows ("Execution History · Recon"). */
export function pageTitle(brandName: string, pageName?: string): string {
  return pageName ? `${pageName} · ${brandName}` : brandName;
}

/**
 * Keeps the browser title on the current page: a name gives "name · brand", null the brand alone, undefined leaves
 * the title to another part of the tree (the root layout names only the pages it knows, the signed-in frame the rest).
 */
export function usePageTitle(pageName: string | null | undefined): void {
  const brand = useBrand();
  useEffect(() => {
    if (pageName === undefined) return;
    document.title = pageTitle(brand.name, pageName ?? undefined);
  }, [brand.name, pageName]);
}
