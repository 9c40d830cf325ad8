import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { SpriteSheet } from '~/client/components/sprite-sheet';
import { Toaster } from '~/client/components/ui/toast';
import type { RouteHandle } from '~/client/lib/page-meta';
import { createQueryClient } from '~/client/lib/query-client';
import { readSessionCache } from './auth/session-cache';
import { useSessionWatcher } from './auth/use-session-watcher';

export const handle: RouteHandle = { meta: { title: 'Back office', noindex: true } };

/**
 * The root of every /admin page, signed in or not: the data client, the toasts
 * and the sprite's symbols. Rendered in the browser only, never on the server.
 */
export function Component() {
  // Back-office data goes through TanStack Query; public pages use route loaders instead.
  const [queryClient] = useState(createQueryClient);
  // SPEC: stored session data that cannot be read is cleared.
  useEffect(() => void readSessionCache(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <SpriteSheet />
      <SessionWatcher />
      <Outlet />
      <Toaster />
    </QueryClientProvider>
  );
}

function SessionWatcher() {
  useSessionWatcher();
  return null;
}
