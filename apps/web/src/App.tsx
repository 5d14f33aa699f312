import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { Toaster } from '@app/ui';
import { AuthProvider } from './auth/auth-context';
import { makeQueryClient, makeTrpcClient, TRPCProvider } from './lib/trpc';
import { AppRoutes } from './routes';
import { ThemeProvider } from './components/theme';

export function App() {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(makeTrpcClient);
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <BrowserRouter>
            <AuthProvider>
              <AppRoutes />
            </AuthProvider>
          </BrowserRouter>
        </TRPCProvider>
      </QueryClientProvider>
      <Toaster />
    </ThemeProvider>
  );
}
