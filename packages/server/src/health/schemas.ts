/** Schema of the health route. */
import { Type } from 'typebox';
import { Open, op } from '../http/schemas/common.js';

const Health = Open({
  status: Type.String({ examples: ['ok'] }),
  database: Type.String({ description: 'pglite or postgres' }),
});

export const health = {
  ...op('200 while the database answers, 503 otherwise', Health),
  response: { 200: Health, 503: Health },
};
