/**
 * Human words for the settings the server describes by config key. A key missing here (one added to
 * the config schema later) is shown by its name made readable, so it still appears without code.
 */
const LABELS: Record<string, string> = {
  name: 'Shop name',
  policies: 'Sign-up and sign-in',
  'policies.emailVerification': 'Email verification',
  'policies.memberApproval': 'Approval of new members',
  'policies.captcha': 'Captcha on sign-up and sign-in',
  'policies.recaptcha': 'reCAPTCHA keys',
  'policies.mfa': 'Second factors',
  'policies.mfaFactors': 'Second factors members may use',
  tokens: 'Token lifetimes',
  'tokens.accessTokenTtl': 'Access token lifetime (seconds)',
  'tokens.visitorRefreshTtl': 'Visitor session lifetime (seconds)',
  'tokens.memberSessionTtl': 'Member session lifetime (seconds; older name of the one in days)',
  sessions: 'Member sessions',
  'sessions.absoluteDays': 'Session lifetime (days)',
  'sessions.idleDays': 'Sign out after this many days without use (0: never)',
  clients: 'Apps (clients)',
  'clients.redirectUris': 'Redirect URIs (one per line)',
  'clients.allowedOrigins': 'Allowed origins (one per line)',
  'clients.refreshTokenRotation': 'Rotate refresh tokens',
  graphql: 'GraphQL',
  'graphql.introspection': 'Schema introspection',
  'graphql.maxCost': 'Largest cost of one query',
  'graphql.maxAliases': 'Most aliases in one query',
  identityProviders: 'Sign-in providers',
  'identityProviders.type': 'Type',
  'identityProviders.name': 'Name on the button',
  'identityProviders.issuer': 'Issuer URL',
  'identityProviders.clientId': 'Client ID',
  'identityProviders.clientSecret': 'Client secret',
  'identityProviders.scopes': 'Scopes (one per line)',
  'identityProviders.linkByVerifiedEmail': 'Join an existing member by verified email',
  'identityProviders.tokenNonce': 'Nonce of ID tokens sent by apps',
  languages: 'Languages (one per line, the first is the default)',
  phone: 'Phone codes (text messages and calls)',
  'phone.provider': 'Sender',
  'phone.accountSid': 'Twilio Account SID',
  'phone.authToken': 'Twilio auth token',
  'phone.from': 'Sending number',
  'phone.messagingServiceSid': 'Twilio Messaging Service SID',
  'phone.whatsappFrom': 'WhatsApp sending number',
  'phone.url': 'Webhook URL',
  'phone.secret': 'Webhook secret',
  'phone.allowedCountries': 'Countries numbers may belong to (one code per line; empty: any)',
  'phone.limits': 'Sending limits',
  mail: 'Sender and mail server',
  'mail.from': "Sender of the shop's mail (e.g. Shop <no-reply@shop.example>)",
  brand: 'Logo and colour (sign-in pages and mail)',
  'brand.logo': 'Logo: an image address from Media (e.g. /_media/3f9c….png)',
  'brand.colour': 'Brand colour (#rrggbb, e.g. #0b6e4f)',
  'mail.smtpHost': 'Mail server (SMTP host, e.g. smtp.mail.example)',
  'mail.smtpPort': 'Port (587 for STARTTLS, 465 for TLS)',
  'mail.smtpSecurity': 'Encryption',
  'mail.smtpUser': 'User name',
  'mail.smtpPassword': 'Password',
  push: 'Push approval of sign-ins',
  'push.expirySeconds': 'Time to approve a sign-in (seconds)',
  'push.placeHeader': 'Header naming where a sign-in comes from (e.g. cf-ipcountry)',
  'push.vapid': 'Web Push keys (VAPID public key and contact, as JSON)',
  shipping: 'Shipping',
  'shipping.methods': 'Delivery methods',
  shop: 'Checkout',
  'shop.maxUnitsPerProduct': 'Most units of one product in an order',
  'shop.maxUnitsPerOrder': 'Most units in an order',
  'shop.maxLinesPerOrder': 'Most different products in an order',
  'shop.maxOpenUnpaidOrders': 'Most orders awaiting payment per shopper',
  'shop.memberOrdersPerHour': 'Orders a member may place per hour',
  'shop.guestOrdersPerHour': 'Guest orders per address per hour',
  'shop.unpaidOrderHours': 'Cancel unpaid orders after (hours)',
  'shop.currency': 'Currency (ISO code such as EUR)',
  'shop.pricesIncludeTax': 'Catalog prices include tax',
  'shop.taxRates': 'Tax rates (JSON)',
  'shop.offlinePayments': 'Offline ways to pay (JSON)',
  'shop.demoCatalog': 'Demo catalog',
};

/** Words for some values of choices; the others are shown as they are. */
const CHOICES: Record<string, Record<string, string>> = {
  'policies.emailVerification': { off: 'Not required', required: 'Required before the first sign-in' },
  'policies.memberApproval': { auto: 'Automatic', manual: 'An owner approves each member' },
  'policies.captcha': { off: 'Off', altcha: 'ALTCHA (proof of work, no third party)', recaptcha: 'Google reCAPTCHA' },
  'policies.mfa': { off: 'Off', optional: 'Members may turn them on', required: 'Every member must' },
  'policies.mfaFactors': {
    TOTP: 'Authenticator app',
    EMAIL: 'Email code',
    WEBAUTHN: 'Passkey',
    SMS: 'Text message',
    CALL: 'Phone call',
    PUSH: 'Push approval',
  },
  'phone.provider': { twilio: 'Twilio', webhook: 'Your own webhook', dev: 'Dev phone (development only)' },
  'identityProviders.type': { oidc: 'OpenID Connect' },
  'mail.smtpSecurity': {
    starttls: 'STARTTLS (required)',
    tls: 'TLS from the start',
    none: 'None (only for a relay on your own network)',
  },
};

/** `clients[web].redirectUris` → `clients.redirectUris`: labels do not depend on the entry. */
const generic = (key: string) => key.replace(/\[[^\]]*\]/, '');

/** "maxAliases" → "Max aliases". */
function readable(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function labelOf(key: string): string {
  return LABELS[generic(key)] ?? readable(generic(key).split('.').pop() ?? key);
}

export function choiceLabel(key: string, value: string): string {
  return CHOICES[generic(key)]?.[value] ?? value;
}

/** "identityProviders" → "sign-in provider" (for "Add …"). */
export function entryNoun(section: string): string {
  if (section === 'identityProviders') return 'sign-in provider';
  if (section === 'clients') return 'app';
  return readable(section).toLowerCase().replace(/s$/, '');
}
