/**
 * Ids the catalog derives instead of storing: name-based UUIDs (RFC 9562 version 5, SHA-1 over a namespace of
 * our own and a name), so the same name gives the same id on every start and every instance. The demo shop's
 * products, variants and collections get theirs from their slugs (stable across restarts, the same under catalog
 * v1 and v3); an option and a choice, which have no row of their own, get theirs from the product and their names
 * (catalog v3's `optionChoiceIds`).
 */
import { createHash } from 'node:crypto';

// A random UUID chosen once for Vitrine's catalog: names hashed under it cannot collide with another system's.
const NAMESPACE = Buffer.from('5b8f0c3e6a2d4e1f9c7b2a4d8e6f1a3c', 'hex');

/** The version-5 UUID of `name` in the catalog's namespace. */
export function nameUuid(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Catalog v3's id of a product's option (the option's name within the product). */
export const optionId = (productId: string, optionName: string) => nameUuid(`option:${productId}:${optionName}`);

/** Catalog v3's id of one choice of an option (the choice's value within the option). */
export const choiceId = (productId: string, optionName: string, value: string) =>
  nameUuid(`choice:${productId}:${optionName}:${value}`);

/**
 * The id of Wix's "All Products" collection, which every Wix store has (its id is not a UUID: 8-6-6-6-12 digits).
 * The demo's `all-products` collection takes it, so code written against Wix finds it by id as well as by slug.
 */
export const ALL_PRODUCTS_COLLECTION_ID = '00000000-000000-000000-000000000001';
