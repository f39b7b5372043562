/**
 * The Shop pages' refusals in the owner's words: the server's codes (errors/commerce-codes.ts, checked at compile
 * time through `WireCode`) that a form can cause, said with what to do; any other refusal as the server says it.
 */
import type { WireCode } from '@vitrine/server/errors';
import type { ApiError } from '../../api/client.js';

const SAID: Partial<Record<string, (error: ApiError) => string>> = {
  ['DISCOUNT_CODE_EXISTS' satisfies WireCode<'DISCOUNT_CODE_EXISTS'>]: () =>
    'Another discount already has this code. Choose a different code, or change the existing one.',
  ['PRODUCT_SLUG_TAKEN' satisfies WireCode<'PRODUCT_SLUG_TAKEN'>]: () =>
    'Another product already has this slug (its page address). Choose a different slug.',
  ['COLLECTION_SLUG_TAKEN' satisfies WireCode<'COLLECTION_SLUG_TAKEN'>]: () =>
    'Another collection already has this slug. Choose a different slug.',
  ['ORDER_TRANSITION_REFUSED' satisfies WireCode<'ORDER_TRANSITION_REFUSED'>]: (e) =>
    `${e.message}. The order may have changed meanwhile: reload the page to see its status.`,
};

export const shopMessage = (error: ApiError | null | undefined): string | undefined =>
  error ? (error.code && SAID[error.code] ? SAID[error.code]!(error) : error.message) : undefined;
