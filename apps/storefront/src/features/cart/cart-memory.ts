/**
 * What this browser knows about whether the shopper has an eCom cart, so a shopper without one is never asked for
 * it: `GET /ecom/v1/carts/current` answers a cartless shopper 404 `OWNED_CART_NOT_FOUND` (as Wix does), which the
 * browser logs as a failed resource on every page.
 *
 * A visitor's cart can only be made in this browser (the visitor token lives here), so the record of it, kept in
 * `localStorage` for every tab, is the truth: set on the first change the server answered with a cart, cleared when
 * the cart became an order, and no record is no cart. A member's cart may have been made on another device (or
 * before this browser kept records), so a member not known here to have one is asked once per tab session.
 */
export interface CartMemory {
  /** Whether to ask the server for the cart of `identity` (the session's identity key). */
  mayHaveCart(identity: string, member: boolean): boolean;
  /** What the server said (or did): the shopper `identity` has a cart, or has none. */
  remember(identity: string, hasCart: boolean): void;
}

interface CartRecord {
  identity: string;
  cart: boolean;
}

/** The memory under `key` (one per shop and client, like the tokens: two shops on one origin never share it). */
export function cartMemory(key: string): CartMemory {
  return {
    mayHaveCart(identity, member) {
      try {
        const record = JSON.parse(localStorage.getItem(key) ?? 'null') as CartRecord | null;
        if (record?.identity == identity && record.cart) return true;
        return member && sessionStorage.getItem(key) != identity;
      } catch {
        return true; // storage refused (a privacy mode) or unreadable: ask, as before there was a record
      }
    },
    remember(identity, hasCart) {
      try {
        localStorage.setItem(key, JSON.stringify({ identity, cart: hasCart } satisfies CartRecord));
        sessionStorage.setItem(key, identity);
      } catch {
        // Without storage every load asks: the old behaviour, still correct.
      }
    },
  };
}

/** The memory's key for a shop's client (`vitrine.cart.<site>.<client>`). */
export const cartMemoryKey = (siteId: string, clientId: string) => `vitrine.cart.${siteId || 'site'}.${clientId}`;
