/** The webhooks admin API's shapes (packages/server/src/webhooks/admin.ts). */
export interface Webhook {
  id: string;
  url: string;
  events: string[];
  description: string;
  source: 'config' | 'api';
  enabled: boolean;
  disabledReason: string | null;
  failingSince: string | null;
  secretRotatingUntil: string | null;
  createdDate: string;
  updatedDate: string;
}

export interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  statusCode: number | null;
  responseExcerpt: string | null;
  error: string | null;
  createdDate: string;
  lastAttemptDate: string | null;
  nextAttemptDate: string | null;
}

/** "member.*, order.created" → ["member.*", "order.created"] */
export const parseEvents = (text: string) => text.split(/[\s,]+/).map((e) => e.trim()).filter(Boolean);

export const EVENT_HINT = 'Event types or wildcards, separated by commas: member.*, item.inserted, order.created, or * for everything.';
