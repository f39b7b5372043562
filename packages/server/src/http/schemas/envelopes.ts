/**
 * The error envelopes of docs/wire-format.md §8 as schemas. Responses declare `ErrorResponse` (open, so
 * fast-json-stringify passes every envelope through unchanged); the OpenAPI document shows the precise
 * variants (`ApplicationError`, `ValidationError`, `OAuthError`) through `x-vitrine-envelope`.
 */
import { Type } from 'typebox';
import { ERRORS } from '../../errors/catalogue.js';
import { AnyObject, Open } from './common.js';

const FieldViolation = Type.Object(
  {
    field: Type.String({ examples: ['loginId.email'] }),
    description: Type.String({ examples: ['must be a valid email'] }),
    violatedRule: Type.Optional(Type.String({ examples: ['FORMAT'] })),
    ruleName: Type.Optional(Type.String({ examples: ['INVALID_EMAIL'] })),
    data: AnyObject('Always an object; `{type: "EMAIL"}` on an invalid email'),
  },
  { additionalProperties: true },
);

export const ApplicationErrorSchema = Type.Object(
  {
    message: Type.String(),
    details: Type.Object({
      applicationError: Type.Object({
        code: Type.String({ description: 'Always a string: `-19995`, `WDE0073`, `TOO_MANY_REQUESTS`…' }),
        description: Type.String(),
        data: AnyObject(),
      }),
    }),
  },
  {
    additionalProperties: true,
    examples: [
      {
        message: 'Email already exists',
        details: {
          applicationError: { code: ERRORS.EMAIL_EXISTS.code, description: 'Email already exists', data: {} },
        },
      },
    ],
  },
);

export const ValidationErrorSchema = Type.Object(
  {
    message: Type.String(),
    details: Type.Object({ validationError: Type.Object({ fieldViolations: Type.Array(FieldViolation) }) }),
  },
  {
    additionalProperties: true,
    examples: [
      {
        message: 'loginId.email: must be a valid email',
        details: {
          validationError: {
            fieldViolations: [
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
      },
    ],
  },
);

export const OAuthErrorSchema = Type.Object(
  { error: Type.String({ examples: ['invalid_grant'] }), error_description: Type.String() },
  { additionalProperties: true, examples: [{ error: 'invalid_grant', error_description: 'refresh token revoked' }] },
);

/** Named in `components.schemas` of the document. */
export const ENVELOPE_COMPONENTS = {
  ApplicationError: ApplicationErrorSchema,
  ValidationError: ValidationErrorSchema,
  OAuthError: OAuthErrorSchema,
};

/** What an error response declares; `kind` picks the variants the document shows. */
export const ErrorResponse = (kind: 'wix' | 'oauth', description: string) =>
  Open({}, { description, 'x-vitrine-envelope': kind } as { description: string });

/** The error responses every route of a family may answer (added by the route-docs hook when a route declares none). */
export function errorResponses(kind: 'wix' | 'oauth'): Record<string, ReturnType<typeof ErrorResponse>> {
  if (kind === 'oauth') {
    return {
      400: ErrorResponse(
        'oauth',
        'RFC 6749 §5.2 error: invalid_request, invalid_grant, unsupported_grant_type, invalid_client…',
      ),
      401: ErrorResponse('oauth', 'invalid_client'),
      429: ErrorResponse('oauth', 'Too many token requests from this address (Retry-After)'),
    };
  }
  return {
    '4xx': ErrorResponse(
      'wix',
      'A client mistake: `validationError` with `fieldViolations`, or `applicationError` with a string `code`',
    ),
    '5xx': ErrorResponse(
      'wix',
      'An unexpected fault (`INTERNAL`, with the request id and no internals) or `STATEMENT_TIMEOUT` (503)',
    ),
  };
}
