import { createContext, useContext, type ReactNode } from 'react';
import type { SiteConfig } from '~/shared/site-config';

const SiteConfigContext = createContext<SiteConfig | null>(null);

export function SiteConfigProvider({ value, children }: { value: SiteConfig; children: ReactNode }) {
  return <SiteConfigContext.Provider value={value}>{children}</SiteConfigContext.Provider>;
}

/** Business details (name, address, phone...) as configured on the server. */
export function useSiteConfig(): SiteConfig {
  const value = useContext(SiteConfigContext);
  if (!value) throw new Error('useSiteConfig must be used inside <SiteConfigProvider>');
  return value;
}
