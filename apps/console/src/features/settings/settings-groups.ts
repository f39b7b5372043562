/**
 * The Settings index: the site's settings sections (named by the server's schema-driven form) grouped
 * into pages of their own, `/settings/<slug>`, so an owner finds "Shipping" without scrolling a 10,000 px
 * page (review t5). A section the server adds later and no group names lands in "Shop": it still shows
 * without code here.
 */
export interface SettingsGroup {
  slug: string;
  title: string;
  /** One line on the index saying what is inside. */
  summary: string;
  /** Site settings sections shown on the page (server section names). */
  sections: readonly string[];
}

export const SETTINGS_GROUPS: readonly SettingsGroup[] = [
  {
    slug: 'shop',
    title: 'Shop',
    summary: 'Shop name, languages, checkout limits and ways to pay.',
    sections: ['name', 'languages', 'shop'],
  },
  {
    slug: 'shipping',
    title: 'Shipping',
    summary: 'Delivery methods, their price per country and free delivery above an amount.',
    sections: ['shipping'],
  },
  {
    slug: 'mail',
    title: 'Mail',
    summary: 'The sender, the mail server (SMTP) and a test mail.',
    sections: ['mail'],
  },
  {
    slug: 'sign-in',
    title: 'Sign-up and sign-in',
    summary: 'Email verification, approval of members, captcha, second factors and session lifetimes.',
    sections: ['policies', 'tokens', 'sessions'],
  },
  {
    slug: 'sign-in-providers',
    title: 'Sign-in providers',
    summary: 'Sign in with an external OpenID Connect provider.',
    sections: ['identityProviders'],
  },
  {
    slug: 'phone-and-push',
    title: 'Phone codes and push',
    summary: 'Text messages, calls and push approval of sign-ins.',
    sections: ['phone', 'push'],
  },
  {
    slug: 'apps',
    title: 'Apps and GraphQL',
    summary: 'Apps that sign members in (redirect URIs, origins) and GraphQL limits.',
    sections: ['clients', 'graphql'],
  },
  {
    slug: 'import-export',
    title: 'Import and export',
    summary: 'The settings as a config file, and a config file read back in.',
    sections: [],
  },
  {
    slug: 'server',
    title: 'Server configuration',
    summary: 'What the server runs with (read-only): collections, keys and SDK snippets.',
    sections: [],
  },
];

const named = new Set(SETTINGS_GROUPS.flatMap((g) => g.sections));

export const groupBySlug = (slug: string) => SETTINGS_GROUPS.find((g) => g.slug === slug);

/** Does `section` belong on `group`'s page? Unnamed sections go to the first group. */
export const inGroup = (group: SettingsGroup, section: string) =>
  group.sections.includes(section) || (!named.has(section) && group === SETTINGS_GROUPS[0]);
