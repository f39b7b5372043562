import { useMemo } from 'react';
import { useRuntimeConfig } from '../../config/config-context.js';
import { cartMemory, cartMemoryKey, type CartMemory } from './cart-memory.js';

/** This shop's cart memory (cart-memory.ts): the cart asks it, sign-up and sign-in tell it a new account is coming. */
export function useCartMemory(): CartMemory {
  const { siteId, clientId } = useRuntimeConfig();
  return useMemo(() => cartMemory(cartMemoryKey(siteId, clientId)), [siteId, clientId]);
}
