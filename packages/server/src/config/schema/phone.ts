/** `sites[].phone`: who delivers phone second-factor codes (phone/config.ts reads it and the environment). */
import {
  Choice,
  EnvName,
  HttpUrl,
  List,
  OPERATOR_ONLY,
  Optional,
  SecretText,
  Strict,
  Text,
  WholeNumber,
} from './common.js';

const E164 = () => Text({ pattern: '^\\+[1-9][0-9]{6,14}$', 'x-hint': 'a number in E.164 such as "+33612345678"' });

export const PhoneSchema = Strict(
  {
    provider: Choice(['twilio', 'webhook', 'dev']),
    // twilio
    accountSid: Optional(Text({ pattern: '^AC[0-9a-fA-F]{32}$', 'x-hint': 'an Account SID ("AC" and 32 hex digits)' })),
    // The auth token: typed in (sealed, write-only in the console), or the config file names the variable holding it.
    authToken: Optional(SecretText()),
    authTokenEnv: Optional(EnvName()),
    from: Optional(E164()),
    messagingServiceSid: Optional(
      Text({ pattern: '^MG[0-9a-fA-F]{32}$', 'x-hint': 'a Messaging Service SID ("MG" and 32 hex digits)' }),
    ),
    whatsappFrom: Optional(E164()),
    // Where the auth token is sent (tests point it at a fake Twilio): the config file's alone.
    apiBaseUrl: Optional(HttpUrl(OPERATOR_ONLY)),
    // webhook
    url: Optional(HttpUrl()),
    secret: Optional(SecretText()),
    // every provider
    allowedCountries: Optional(
      List(Text({ pattern: '^[A-Z]{2}$', 'x-hint': 'an ISO 3166 country code such as "FR"' })),
    ),
    limits: Optional(
      Strict({
        perNumberPerDay: Optional(WholeNumber(1, 1000)),
        perAddressPerDay: Optional(WholeNumber(1, 10_000)),
        perMemberPerDay: Optional(WholeNumber(1, 1000)),
        perSitePerDay: Optional(WholeNumber(1, 1_000_000)),
        resendSeconds: Optional(WholeNumber(10, 3600)),
      }),
    ),
  },
  // Which keys each provider needs is checked in code (phone/config.ts), with its own words.
);
