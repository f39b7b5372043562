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
  ['REFUND_EXCEEDS_PAID' satisfies WireCode<'REFUND_EXCEEDS_PAID'>]: (e) =>
    `${e.message}: another refund may have been made meanwhile. The page now shows what is left; nothing was refunded.`,
  ['NOTHING_TO_REFUND' satisfies WireCode<'NOTHING_TO_REFUND'>]: () =>
    'Nothing is left to refund on this order: it may have been refunded meanwhile. Nothing was refunded now.',
  ['PAYMENT_PROVIDER_ERROR' satisfies WireCode<'PAYMENT_PROVIDER_ERROR'>]: () =>
    'The payment provider could not be reached or refused the refund, so no money was refunded. Try again in a few minutes.',
};

export const shopMessage = (error: ApiError | null | undefined): string | undefined =>
  error ? (error.code && SAID[error.code] ? SAID[error.code]!(error) : error.message) : undefined;
