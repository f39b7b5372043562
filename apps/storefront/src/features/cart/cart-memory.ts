/**
 * What this browser knows about whether the shopper has an eCom cart, so a shopper without one is not asked for it
 * on every page: a request each page load would cost for nothing. (The asking itself is quiet: cart-api.ts asks with
 * `orNone=true`, answered `{}` without a cart, where Wix's 404 `OWNED_CART_NOT_FOUND` was logged by the browser.)
 *
 * A visitor's cart can only be made in this browser (the visitor token lives here), so the record of it, kept in
 * `localStorage` for every tab, is the truth: set on the first change the server answered with a cart, cleared when
 * the cart became an order, and no record is no cart. A member's cart may have been made on another device (or
 * before this browser kept records), so a member not known here to have one is asked once per tab session, except
 * an account this tab has just created: its only cart is the one the server handed over from this tab's visitor.
 */
export interface CartMemory {
  /** Whether to ask the server for the cart of `identity` (the session's identity key). */
  mayHaveCart(identity: string, member: boolean): boolean;
  /** What the server said (or did): the shopper `identity` has a cart, or has none. */
  remember(identity: string, hasCart: boolean): void;
  /** This tab has just created an account: the next member signed in here is that new member. */
  newAccount(): void;
  /** This tab signs in to an existing account: no new member is expected. */
  existingAccount(): void;
}

interface CartRecord {
  identity: string;
  cart: boolean;
}

/** The memory under `key` (one per shop and client, like the tokens: two shops on one origin never share it). */
export function cartMemory(key: string): CartMemory {
  const memory: CartMemory = {
    mayHaveCart(identity, member) {
      try {
        const record = JSON.parse(localStorage.getItem(key) ?? 'null') as CartRecord | null;
        if (record?.identity == identity && record.cart) return true;
        if (!member || sessionStorage.getItem(key) == identity) return false;
        if (sessionStorage.getItem(`${key}.new`) != null) {
          // The new member has the cart this tab's visitor had (handed over at sign-in), or none.
          sessionStorage.removeItem(`${key}.new`);
          if (!record?.cart) {
            memory.remember(identity, false);
            return false;
          }
        }
        return true;
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
    newAccount() {
      try {
        sessionStorage.setItem(`${key}.new`, '1');
      } catch {
        // Without storage the new member is asked once, as any member.
      }
    },
    existingAccount() {
      try {
        sessionStorage.removeItem(`${key}.new`);
      } catch {
        // Nothing was kept.
      }
    },
  };
  return memory;
}

/** The memory's key for a shop's client (`vitrine.cart.<site>.<client>`). */
export const cartMemoryKey = (siteId: string, clientId: string) => `vitrine.cart.${siteId || 'site'}.${clientId}`;
