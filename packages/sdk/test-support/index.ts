// What tests share — one import path for every package's tests; never part of the production build.
export * from './counting-server.js';
export * from './data-harness.js';
export * from './data-parity.js';
export * from './fake-browser.js';
export * from './recorder.js';
export * from './mfa-server.js';
