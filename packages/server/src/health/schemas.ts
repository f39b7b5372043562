/** Schemas of the health routes. */
import { Type } from 'typebox';
import { Open, op } from '../http/schemas/common.js';

const Health = Open({
  status: Type.String({ examples: ['ok'] }),
  database: Type.String({ description: 'pglite or postgres' }),
});

export const health = {
  ...op('Healthy: 200 while the database answers, 503 otherwise', Health),
  response: { 200: Health, 503: Health },
};

const Readiness = Open({
  status: Type.String({ examples: ['ready'], description: 'ready or unavailable' }),
  database: Type.Boolean({ description: 'The database answered' }),
  migrations: Type.Boolean({ description: "This code's migrations are applied" }),
  shuttingDown: Type.Boolean({ description: 'A SIGTERM was received; in-flight requests are finishing' }),
});

export const ready = {
  ...op('Ready for traffic: 200 when the database answers, migrations are done and no shutdown has begun', Readiness),
  response: { 200: Readiness, 503: Readiness },
};
