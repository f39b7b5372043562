/** `sites[].push`: push approval of sign-ins (push/config.ts reads it and the environment). */
import { EnvName, Optional, Strict, Text, WholeNumber } from './common.js';

export const PushSchema = Strict({
  // How long a sign-in waits for approval; 120 s unless set (tests set a few seconds).
  expirySeconds: Optional(WholeNumber(5, 600)),
  // A header a trusted proxy sets to the client's place (e.g. "cf-ipcountry"): shown on the approval prompt.
  placeHeader: Optional(Text({ pattern: '^[a-z0-9-]+$', 'x-hint': 'a lower-case header name such as "cf-ipcountry"' })),
  // Web Push (VAPID): notifies browsers that allowed notifications. The private key comes from the environment.
  vapid: Optional(
    Strict({
      publicKey: Text({ pattern: '^[A-Za-z0-9_-]{80,100}$', 'x-hint': 'the base64url VAPID public key' }),
      privateKeyEnv: Optional(EnvName()),
      subject: Text({ pattern: '^(mailto:|https://)', 'x-hint': 'a "mailto:" or "https://" contact' }),
    }),
  ),
});
