import { createContext, useContext } from 'react';
import type { RuntimeConfig } from './runtime-config.js';

export const ConfigContext = createContext<RuntimeConfig | null>(null);

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useRuntimeConfig must be used inside <ConfigContext.Provider>');
  return config;
}
