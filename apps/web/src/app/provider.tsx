import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';

/**
 * Marks the document once React has attached to it (`<html data-app-ready>`): until then a
 * prerendered page is on screen but its buttons do nothing, so the e2e suite waits for it.
 */
function AppReadyMarker() {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  return null;
}

export function AppProvider({
  children,
  queryClient,
}: {
  children: ReactNode;
  /** Tests pass their own client; the app makes one. */
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AppReadyMarker />
      {children}
    </QueryClientProvider>
  );
}
