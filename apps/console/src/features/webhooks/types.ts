/** The webhooks admin API's shapes (src/api/types.ts) and the form's helpers. */
export type { Delivery, Webhook } from '../../api/types.js';

/** "member.*, order.created" → ["member.*", "order.created"] */
export const parseEvents = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((e) => e.trim())
    .filter(Boolean);

export const EVENT_HINT =
  'Event types or wildcards, separated by commas: member.*, item.inserted, order.created, or * for everything.';
