// What tests share — one import path for every package's tests; never part of the production build.
export * from './direct-login.js';
export * from './members.js';
export * from './node-realm.js';
export * from './test-server.js';
export * from './render-shop.js';
