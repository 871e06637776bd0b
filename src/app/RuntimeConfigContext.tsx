import { createContext, useContext, type ReactNode } from 'react';
import type { RuntimeConfig } from '../shared/runtime-config.ts';

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function RuntimeConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>;
}

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (config === null) throw new Error('useRuntimeConfig() outside RuntimeConfigProvider');
  return config;
}
