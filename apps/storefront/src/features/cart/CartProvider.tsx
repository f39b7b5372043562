import { useQuery } from '@vitrine/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useShopClient } from '../../app/use-shop-client.js';
import { useRuntimeConfig } from '../../config/config-context.js';
import {
  clampQuantity,
  countItems,
  fetchCartLines,
  insertCartLine,
  removeCartLine,
  updateCartLine,
} from './cart-api.js';
import type { CartLine } from './cart-api.js';
import { CartContext } from './cart-context.js';
import type { CartContextValue } from './cart-context.js';
import { lineMax, roomFor } from './cart-limits.js';

/**
 * Holds the shopper's cart. Changes show at once (optimistic) and are sent one after another, so
 * quick repeated clicks never race each other into duplicate lines; a failure reloads the truth. Quantities stay
 * within the site's caps (`cartLimits` of the run-time config), so checkout never refuses the cart for them.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const client = useShopClient();
  const { cartLimits: limits } = useRuntimeConfig();
  const cart = useQuery(['cart'], () => fetchCartLines(client));
  const { setData, refetch } = cart;
  const [error, setError] = useState<string>();
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const latest = useRef<CartLine[]>([]);
  latest.current = cart.data ?? [];
  // Lines added optimistically carry a temporary id until the server answers; changes queued
  // meanwhile name the temporary id and are sent with the real one.
  const realIds = useRef(new Map<string, string>());
  const tempCounter = useRef(0);
  const idOf = useCallback((id: string) => realIds.current.get(id) ?? id, []);

  const change = useCallback(
    (apply: (lines: CartLine[]) => CartLine[], send: () => Promise<void>) => {
      setError(undefined);
      setData((lines = []) => (latest.current = apply(lines)));
      const run = queue.current.then(send).catch(async (cause: unknown) => {
        console.error('Cart change failed', cause);
        setError('cart.updateFailed'); // a catalog id: shown in the shopper's language
        await refetch().catch(() => undefined);
      });
      queue.current = run;
      return run;
    },
    [setData, refetch],
  );

  const add = useCallback(
    (productId: string, quantity = 1) => {
      const tempId = `pending-${productId}-${++tempCounter.current}`;
      // Only what the caps leave room for; nothing at all when the cart is full (the add button says why).
      const units = clampQuantity(quantity, roomFor(latest.current, productId, limits).room);
      if (units == 0) return Promise.resolve();
      return change(
        (lines) => {
          const first = lines.find((l) => l.productId == productId);
          return first
            ? lines.map((l) => (l == first ? { ...l, quantity: l.quantity + units } : l))
            : [...lines, { _id: tempId, productId, quantity: units }];
        },
        async () => {
          // Read the line again when our turn comes: an earlier queued insert may have created it.
          const line = latest.current.find((l) => l.productId == productId && !l._id.startsWith('pending-'));
          if (line) {
            await updateCartLine(client, line);
            return;
          }
          const pending = latest.current.find((l) => l._id == tempId);
          if (!pending) return; // removed before it was ever sent
          const saved = await insertCartLine(client, productId, pending.quantity);
          realIds.current.set(tempId, saved._id);
          setData(
            (lines = []) =>
              (latest.current = lines.map((l) => (l._id == tempId ? { ...saved, quantity: l.quantity } : l))),
          );
          // Clicks made while the insert travelled raised the pending quantity: send it.
          const now = latest.current.find((l) => l._id == saved._id);
          if (now && now.quantity != saved.quantity) await updateCartLine(client, now);
        },
      );
    },
    [change, client, setData, limits],
  );

  const remove = useCallback(
    (lineId: string) =>
      change(
        (lines) => lines.filter((l) => l._id != lineId && l._id != idOf(lineId)),
        async () => {
          if (!idOf(lineId).startsWith('pending-')) await removeCartLine(client, idOf(lineId));
        },
      ),
    [change, client, idOf],
  );

  const setQuantity = useCallback(
    (lineId: string, quantity: number) => {
      const line = latest.current.find((l) => l._id == lineId || l._id == idOf(lineId));
      const q = clampQuantity(quantity, line ? lineMax(latest.current, line, limits) : 0);
      if (q == 0) return remove(lineId);
      return change(
        (lines) => lines.map((l) => (l._id == lineId || l._id == idOf(lineId) ? { ...l, quantity: q } : l)),
        async () => {
          const line = latest.current.find((l) => l._id == idOf(lineId));
          if (line && !line._id.startsWith('pending-')) await updateCartLine(client, line);
        },
      );
    },
    [change, client, remove, idOf, limits],
  );

  const value = useMemo<CartContextValue>(
    () => ({
      lines: cart.data ?? [],
      status: cart.status == 'success' || cart.data ? 'success' : cart.status,
      count: countItems(cart.data ?? []),
      error,
      limits,
      room: (productId: string) => roomFor(cart.data ?? [], productId, limits),
      add,
      setQuantity,
      remove,
      reload: refetch,
    }),
    [cart.data, cart.status, error, limits, add, setQuantity, remove, refetch],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
