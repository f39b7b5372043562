/**
 * What the security checklist's tests (src/security/checklist/, in the foundations layer) use from above their
 * layer: the mail outbox a test reads links from, and the token signer and key maker a test forges tokens with.
 */
export { listMail } from '../src/mail/outbox.js';
export { signAccessToken, type AccessClaims } from '../src/oauth/jwt.js';
export { generateEs256KeyPair } from '../src/oauth/es256-key-pair.js';
