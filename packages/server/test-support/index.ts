// What tests share — one import path for every package's tests; never part of the production build.
export * from './data.js';
export * from './data-catalog.js';
export * from './identity-server.js';
export * from './mfa-kit.js';
export * from './oidc-provider.js';
export * from './pgbouncer.js';
export * from './phone-kit.js';
export * from './owners-kit.js';
export * from './redirect-kit.js';
export * from './account-kit.js';
export * from './server.js';
export * from './smtp.js';
export * from './sso-kit.js';
export * from './webhook-receiver.js';
export * from './software-passkey.js';
export * from './commerce-kit.js';
export * from './payment-kit.js';
