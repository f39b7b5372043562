/** The signed link of a guest's order: moved to the commerce module (commerce/orders/order-link.ts). */
export { GUEST_ORDER_LINK_TTL_SECONDS, orderLinkSecret, readOrderLink, signOrderLink } from '../commerce/index.js';
