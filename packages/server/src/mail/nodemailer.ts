/**
 * nodemailer, loaded with the first SMTP sender rather than at start: a server that sends no mail (the dev
 * mailbox) never holds it (docs/operating.md → Memory of the embedded database). It is a CommonJS module, so
 * `require` keeps the senders' set-up synchronous.
 */
import { createRequire } from 'node:module';
import type Nodemailer from 'nodemailer';

let loaded: typeof Nodemailer | undefined;

export function nodemailer(): typeof Nodemailer {
  return (loaded ??= createRequire(import.meta.url)('nodemailer') as typeof Nodemailer);
}
