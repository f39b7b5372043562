import { describe, expect, it } from 'vitest';
import { ApplicationError, SystemError, ValidationError, VitrineError, toHttpError } from './errors.js';

// Exact wire bodies from docs/wire-format.md §8.
const invalidEmail = {
  message: 'invalid request',
  details: {
    validationError: {
      fieldViolations: [
        { field: 'password', description: 'must not be empty', violatedRule: 'REQUIRED_FIELD' },
        {
          field: 'loginId.email',
          description: 'must be a valid email',
          violatedRule: 'FORMAT',
          ruleName: 'INVALID_EMAIL',
          data: { type: 'EMAIL' },
        },
      ],
    },
  },
};
const emailExists = {
  message: 'Email already exists',
  details: { applicationError: { code: '-19995', description: 'Email already exists', data: {} } },
};
const notFound = {
  message: 'Item [1] does not exist in collection [Products].',
  details: {
    applicationError: {
      code: 'WDE0073',
      description: 'Item [1] does not exist in collection [Products].',
      data: {},
    },
  },
};

describe('toHttpError', () => {
  it('formats validation errors as INVALID_ARGUMENT sorted by field', () => {
    const e = toHttpError(400, 'Bad Request', invalidEmail, 'REQ-1');
    expect(e).toBeInstanceOf(ValidationError);
    expect(e.message).toBe('INVALID_ARGUMENT: "loginId.email" must be a valid email, "password" must not be empty');
    expect(e.code).toBe('INVALID_ARGUMENT');
    expect(e.requestId).toBe('REQ-1');
    expect(e.status).toBe(400);
    const v = (e as ValidationError).violations;
    expect(v.map((x) => x.field)).toEqual(['loginId.email', 'password']);
    expect(v[0]).toMatchObject({ ruleName: 'INVALID_EMAIL', data: { type: 'EMAIL' } });
    // The caller's body is not reordered in place.
    expect(invalidEmail.details.validationError.fieldViolations[0]!.field).toBe('password');
  });

  it('keeps application error code, description and data as sent', () => {
    const e = toHttpError(409, 'Conflict', emailExists, 'REQ-2') as ApplicationError;
    expect(e).toBeInstanceOf(ApplicationError);
    expect(e).toBeInstanceOf(VitrineError);
    expect(e.name).toBe('ApplicationError');
    expect(e.message).toBe('Email already exists');
    expect(e.code).toBe('-19995');
    expect(e.description).toBe('Email already exists');
    expect(e.data).toEqual({});
    expect(e.requestId).toBe('REQ-2');

    const wde = toHttpError(404, 'Not Found', notFound, null) as ApplicationError;
    expect(wde.code).toBe('WDE0073');
    expect(wde.message).toBe('Item [1] does not exist in collection [Products].');
  });

  it('keeps a numeric code numeric, and joins a differing message and description', () => {
    const e = toHttpError(
      400,
      'Bad Request',
      {
        message: 'Login failed',
        details: { applicationError: { code: -19976, description: 'wrong password', data: { n: 1 } } },
      },
      'R',
    ) as ApplicationError;
    expect(e.code).toBe(-19976);
    expect(e.message).toBe('Login failed: wrong password');
    expect(e.data).toEqual({ n: 1 });
  });

  it('makes a 4xx without details an application error named by the status text', () => {
    for (const body of [null, {}, 'not json']) {
      const e = toHttpError(404, 'Not Found', body, 'REQ-3') as ApplicationError;
      expect(e).toBeInstanceOf(ApplicationError);
      expect(e.code).toBe(404);
      expect(e.description).toBe('Not Found');
      expect(e.message).toBe('Not Found');
      expect(e.requestId).toBe('REQ-3');
    }
  });

  it('maps an RFC 6749 token error body to its error code', () => {
    const e = toHttpError(
      400,
      'Bad Request',
      { error: 'invalid_grant', error_description: 'refresh token revoked' },
      'T',
    );
    expect(e).toBeInstanceOf(ApplicationError);
    expect(e.code).toBe('invalid_grant');
    expect(e.message).toBe('refresh token revoked');
  });

  it('reports other failures as "System error occurred" with the request id', () => {
    const e = toHttpError(500, 'Internal Server Error', null, 'REQ-4');
    expect(e).toBeInstanceOf(SystemError);
    expect(e.message).toBe('System error occurred, request-id: REQ-4');
    expect(e.code).toBe('SYSTEM_ERROR');
    expect(e.status).toBe(500);
    expect(new SystemError(null).message).toBe('System error occurred');
  });

  it('prefers server details on a 5xx', () => {
    const e = toHttpError(503, 'Service Unavailable', emailExists, 'R');
    expect(e).toBeInstanceOf(ApplicationError);
    expect(e.code).toBe('-19995');
  });
});
