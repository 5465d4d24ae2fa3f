import '@/lib/zod-jitless';
import '@/lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { currentBrand } from '@/lib/brand';
import { registerNavigate } from '@/lib/navigation';

const router = createAppRouter();
// A forced logout from the HTTP client moves within the app instead of reloading it.
registerNavigate((to) => void router.navigate(to, { replace: true }));
document.title = currentBrand().name;

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
