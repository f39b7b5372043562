import { describe, expect, it } from 'vitest';
import { addAppChanges, originOf, removeAddressChanges, type App } from './apps.js';

const demo: App = {
  clientId: 'demo-storefront',
  redirectUris: ['http://localhost:8080/callback'],
  allowedOrigins: ['http://localhost:8080'],
  locked: false,
  removable: false,
};

describe('the Apps page changes', () => {
  it('adds the callback and its origin to a client, once', () => {
    expect(addAppChanges([demo], 'demo-storefront', ' http://localhost:3000/login-callback ')).toEqual({
      'clients[demo-storefront].redirectUris': [
        'http://localhost:8080/callback',
        'http://localhost:3000/login-callback',
      ],
      'clients[demo-storefront].allowedOrigins': ['http://localhost:8080', 'http://localhost:3000'],
    });
    expect(addAppChanges([demo], 'demo-storefront', 'http://localhost:8080/callback')).toEqual({
      'clients[demo-storefront].redirectUris': demo.redirectUris,
      'clients[demo-storefront].allowedOrigins': demo.allowedOrigins,
    });
  });

  it('makes a new client for a new id, and leaves a bad address for the server to refuse', () => {
    expect(addAppChanges([demo], 'template', 'https://app.example/cb')).toEqual({
      'clients[template]': {
        clientId: 'template',
        redirectUris: ['https://app.example/cb'],
        allowedOrigins: ['https://app.example'],
      },
    });
    expect(originOf('not an address')).toBeUndefined();
    expect(originOf('javascript:alert(1)')).toBeUndefined();
    expect(addAppChanges([demo], 'x', 'nope')).toEqual({
      'clients[x]': { clientId: 'x', redirectUris: ['nope'], allowedOrigins: [] },
    });
  });

  it('removes one address', () => {
    expect(removeAddressChanges(demo, 'allowedOrigins', 'http://localhost:8080')).toEqual({
      'clients[demo-storefront].allowedOrigins': [],
    });
  });
});
