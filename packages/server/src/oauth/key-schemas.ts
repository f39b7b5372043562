/** Schemas of signing-key administration (`/_admin/v1/keys`, the server's admin key only). */
import { Type } from 'typebox';
import { Open, op } from '../http/schemas/common.js';

const Key = Open({
  kid: Type.String(),
  createdDate: Type.String(),
  state: Type.String(),
  verifiesUntil: Type.Optional(Type.String()),
  encrypted: Type.Boolean(),
});

export const listKeys = op('The signing keys and their states', Open({ keys: Type.Array(Key) }));
export const rotateKey = op(
  'Start a new signing key; the old one verifies until its tokens expire',
  Open({ kid: Type.String(), keys: Type.Array(Key) }),
);
