import { describe, expect, it } from 'vitest';
import { AUTH_EVENT_TYPES, OWNER_ACTIONS } from '../../../../../packages/server/src/security/audit-names.js';
import { ACTION_LABELS, detailText, EVENT_LABELS, eventWords } from './audit-labels.js';

/** Every name the server writes to the audit log has words in the console, and no label names nothing. */
describe('audit log labels', () => {
  it("label exactly the server's event types and owner actions", () => {
    expect(Object.keys(EVENT_LABELS).sort()).toEqual([...AUTH_EVENT_TYPES].sort());
    expect(Object.keys(ACTION_LABELS).sort()).toEqual([...OWNER_ACTIONS].sort());
    for (const label of [...Object.values(EVENT_LABELS), ...Object.values(ACTION_LABELS)])
      expect(label, 'a label is words, not a code').not.toMatch(/_/);
  });

  it('say an owner action by its action, keep the raw names, and name a refused call', () => {
    expect(eventWords({ type: 'owner_action', detail: { action: 'change_setting', key: 'name' } })).toEqual({
      label: 'Changed a setting',
      code: 'owner_action · change_setting',
    });
    expect(
      eventWords({ type: 'owner_action', detail: { action: 'DELETE /_admin/v1/api-keys/k1', reason: 'role' } }),
    ).toEqual({ label: 'Refused for their role', code: 'owner_action · DELETE /_admin/v1/api-keys/k1' });
    expect(eventWords({ type: 'sign_in', detail: { reason: 'bad_password' } })).toEqual({
      label: 'Sign-in',
      code: 'sign_in',
    });
  });

  it('shows a refund as money and its order by number, not minor units and an id', () => {
    const detail = {
      identityType: 'WIX_USER',
      ownerId: 'o1',
      role: 'owner',
      action: 'commerce_order_refund',
      orderId: '6f1c2a9e-order',
      orderNumber: 'V-100009',
      amount: 500,
      currency: 'EUR',
    };
    expect(detailText(detail)).toBe('role: owner, orderNumber: V-100009, amount: €5.00');
    // An entry written before the number and currency were recorded stays as it was.
    expect(detailText({ action: 'commerce_order_refund', orderId: 'x', amount: 500 })).toBe('orderId: x, amount: 500');
  });
});
