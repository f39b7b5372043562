// A member's data read: POST /wix-data/v2/items/query (empty `Items` collection, 10 items asked) with
// a member's access token, so every request verifies the JWT and checks the session in the database
// (revoked, absolute lifetime, idle timeout) before the query. Measured, no target.
import { vitrineCase } from '../lib/vitrine.mjs';

export default {
  id: 'member-data-read',
  title: 'Vitrine data items query as a member (JWT + per-request session check + query)',
  perDatabase: true,
  run: ({ db, config }) =>
    vitrineCase({
      label: `member-data-read@${db.name}`,
      db,
      config,
      request: (info) => ({
        path: '/wix-data/v2/items/query',
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: info.memberAccessTokens[0] },
        bodies: [JSON.stringify({ dataCollectionId: 'Items', query: { paging: { limit: 10 } } })],
      }),
      check: (json) => Array.isArray(json?.dataItems),
    }),
};
