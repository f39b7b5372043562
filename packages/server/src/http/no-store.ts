/**
 * Answers that carry personal data (a member's profile and contact, an order, a cart) must not be kept by a
 * browser's or a shared proxy's cache, where the next user of the machine or the proxy could read them. A route
 * says so in its config, `{ schema, config: NO_STORE }`, and installHttpConventions (install.ts) gives that route a
 * request hook sending `Cache-Control: no-store`, on its error answers too: one place decides the header.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer carries personal data: `Cache-Control: no-store`. */
    noStore?: boolean;
  }
}

export const NO_STORE = { noStore: true };
