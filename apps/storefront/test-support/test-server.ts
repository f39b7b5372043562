/** The real Vitrine server the storefront's integration tests render against (demo site, in-memory DB). */
import './node-realm.js';

export { startTestServer as startShopServer } from '@vitrine/server/test-support';
export type { TestServer as ShopTestServer } from '@vitrine/server/test-support';
