// What tests share — one import path for every package's tests; never part of the production build.
export * from './fake-auth.js';
