import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { NotificationHost } from '../components/NotificationHost';
import { OldDomainNotice } from '../components/OldDomainNotice';
import { queryClient } from '../lib/query-client';
import { AppShell } from './AppShell';

// Every path goes to the shell, which reads it against the route table (app/route-table.ts).
const router = createBrowserRouter([{ path: '*', element: <AppShell /> }], { basename: '/app' });

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <NotificationHost />
      <OldDomainNotice />
    </QueryClientProvider>
  );
}
