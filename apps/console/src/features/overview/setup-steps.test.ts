import { describe, expect, it } from 'vitest';
import { setupSteps, type SetupChecklist } from './setup-steps.js';

const bare: SetupChecklist = {
  products: { done: false, count: 0 },
  payments: { done: false, ways: [] },
  shipping: { done: false, methods: 0 },
  mail: { done: false },
  domain: { done: false, publicUrl: 'http://localhost:8080' },
};

describe('setupSteps', () => {
  it('names what is missing and leads to where it is done', () => {
    const steps = setupSteps(bare);
    expect(steps.map((s) => [s.id, s.done])).toEqual([
      ['products', false],
      ['payments', false],
      ['shipping', false],
      ['mail', false],
      ['domain', false],
    ]);
    expect(steps[0]!.action).toEqual({ to: '/shop/products/new', label: 'Add a product' });
    // Each settings step opens the page its field is on, not the settings index.
    expect(steps.slice(1, 4).map((s) => s.action?.to)).toEqual([
      '/settings/shop',
      '/settings/shipping',
      '/settings/mail',
    ]);
    expect(steps[3]!.detail).toContain('Mail is kept on the server, not sent');
    expect(steps[4]!.action).toBeUndefined();
    expect(steps[4]!.detail).toContain('http://localhost:8080');
  });

  it('says what the server found once a step is done', () => {
    const steps = setupSteps({
      products: { done: true, count: 1 },
      payments: { done: true, ways: ['Stripe', 'Bank transfer'] },
      shipping: { done: true, methods: 2 },
      mail: { done: true },
      domain: { done: true, publicUrl: 'https://shop.example' },
    });
    expect(steps.map((s) => s.detail)).toEqual([
      '1 product in the catalog.',
      'Shoppers pay with Stripe, Bank transfer.',
      '2 delivery methods at checkout.',
      'Order and sign-in mail leaves the server through SMTP.',
      'The shop is at https://shop.example.',
    ]);
    expect(steps[0]!.action).toEqual({ to: '/shop/products', label: 'Review products' });
  });
});
