import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { currentBrand } from '@/lib/brand';
import { BrandProvider } from '@/lib/brand-context';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { getSignedInUser, subscribeSession } from '@/lib/session';
import { closeErrorToast, whenToastHostNeeded } from '@/lib/toast';

const brand = currentBrand();

/**
 * One density for every table: rows of about 39 px (8 px above and below a line of text) whatever the table's
 * size; the default size keeps its wider side padding.
 */
const THEME: ThemeConfig = {
  token: { colorPrimary: brand.primaryColor, borderRadius: 6 },
  components: { Table: { cellPaddingBlock: 8, cellPaddingBlockMD: 8, cellPaddingBlockSM: 8 } },
};

/** Toasts are not needed to paint the first screen: their code arrives with the first toast asked for. */
const NotificationHost = lazy(() => import('@/app/notification-host'));

/** Mounts the notification host once something wants to show a toast, and keeps it mounted from then on. */
function useIsToastHostNeeded(): boolean {
  const [isNeeded, setIsNeeded] = useState(false);
  useEffect(() => whenToastHostNeeded(() => setIsNeeded(true)), []);
  return isNeeded;
}

/** Signing out drops everything cached for the previous user. */
function useClearCacheOnSignOut(client: QueryClient) {
  useEffect(() => {
    let wasSignedIn = getSignedInUser() !== null;
    return subscribeSession(() => {
      const isSignedIn = getSignedInUser() !== null;
      if (wasSignedIn && !isSignedIn) {
        closeErrorToast();
        client.clear();
      }
      wasSignedIn = isSignedIn;
    });
  }, [client]);
}

export function AppProviders({ children, client = appQueryClient }: { children: ReactNode; client?: QueryClient }) {
  useClearCacheOnSignOut(client);
  const isToastHostNeeded = useIsToastHostNeeded();
  return (
    <BrandProvider value={brand}>
      <ConfigProvider theme={THEME}>
        <QueryClientProvider client={client}>
          {isToastHostNeeded && (
            <Suspense fallback={null}>
              <NotificationHost />
            </Suspense>
          )}
          {children}
        </QueryClientProvider>
      </ConfigProvider>
    </BrandProvider>
  );
}
