/**
 * Request-schema failures answer in the wire contract's envelopes (issue #12), through a real server:
 * RFC 6749 on the token endpoint, `validationError` with the route's own violation elsewhere, the
 * application error the identity routes always gave for a body that is not an object.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVisitorToken, startTestServer, type TestServer } from '../../../test-support/index.js';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await getVisitorToken(server.url, server.clientId)).access_token;
});
afterAll(() => server?.close());

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    requestId: response.headers.get('x-wix-request-id'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe('schema failures on the token endpoint', () => {
  it('answer RFC 6749 invalid_request with the messages clients saw before', async () => {
    expect(await post('/oauth2/token', { clientId: server.clientId })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', error_description: 'grantType is required' },
    });
    expect(await post('/oauth2/token', [1, 2])).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', error_description: 'the body must be a JSON object or a form' },
    });
    // No coercion: a number is not the grant type "5".
    expect(await post('/oauth2/token', { clientId: server.clientId, grantType: 5 })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
  });

  it('accept RFC 6749 form bodies and the snake_case spelling', async () => {
    const form = await fetch(`${server.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'anonymous', client_id: server.clientId }).toString(),
    });
    expect(form.status).toBe(200);
    expect(await form.json()).toMatchObject({
      token_type: 'Bearer',
      expires_in: expect.any(Number),
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
  });
});

describe('schema failures elsewhere', () => {
  it("are validationErrors naming the field, with the route's description and rule", async () => {
    const violation = {
      field: 'dataCollectionId',
      description: 'must be a non-empty string',
      violatedRule: 'FORMAT',
      ruleName: 'REQUIRED',
      data: {},
    };
    for (const body of [{ dataCollectionId: 5 }, {}, { dataCollectionId: '' }]) {
      const answer = await post('/wix-data/v2/items/query', body);
      expect(answer.status).toBe(400);
      expect(answer.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(answer.body).toEqual({
        message: 'dataCollectionId: must be a non-empty string',
        details: { validationError: { fieldViolations: [violation] } },
      });
    }
    const patch = await post('/wix-data/v2/items/patch', { dataCollectionId: 'Products', patch: 'x' });
    expect(patch.body.details).toEqual({
      validationError: {
        fieldViolations: [
          {
            field: 'patch',
            description: 'must be an object with dataItemId and fieldModifications',
            violatedRule: 'FORMAT',
            ruleName: 'REQUIRED',
            data: {},
          },
        ],
      },
    });
  });

  it('are application errors where the identity routes always answered one', async () => {
    const start = await post('/_api/iam/verification/v1/start', { identityId: 'someone', target: 'SMS' });
    expect(start).toMatchObject({
      status: 400,
      body: {
        details: {
          validationError: {
            fieldViolations: [{ field: 'target', description: 'must be EMAIL', ruleName: 'INVALID_ENUM' }],
          },
        },
      },
    });
    const notObject = await post('/_api/iam/verification/v1/start', [1]);
    expect(notObject.body).toEqual({
      message: 'The body must be a JSON object',
      details: {
        applicationError: { code: 'INVALID_ARGUMENT', description: 'The body must be a JSON object', data: {} },
      },
    });
    // Login never answers a validation body (the reference client would crash on it).
    const login = await post('/_api/iam/authentication/v2/login', '"text"');
    expect(login.status).toBe(400);
    expect(login.body.details).toHaveProperty('applicationError.code', 'INVALID_ARGUMENT');
  });
});
