/**
 * Checkout's limits: moved to the commerce module (commerce/limits.ts), re-exported here for the storefront's
 * checkout until it runs on the module.
 */
export { DEFAULT_SHOP_LIMITS, shopLimits, type ShopLimits } from '../commerce/index.js';
