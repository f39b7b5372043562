/**
 * `sites[].brand`: the shop's logo and colour on the hosted pages (sign-in, account) and in every mail
 * (docs/account-pages.md → Brand). Both optional; absent = the plain look.
 *
 *   "brand": { "logo": "/_media/3f9c0a1b2c3d4e5f60718293.png", "colour": "#0b6e4f" }
 *
 * The logo is a file of the site's own media library, named by the path the library shows: the server never
 * fetches a URL for it, pages load it from their own origin (CSP `img-src 'self'`), and the console's change is
 * refused unless the file is the site's (settings/brand-logo.ts). Any colour is accepted: the pages and mail
 * compute readable text on it and darken it for links (config/brand.ts).
 */
import { Optional, Strict, Text } from './common.js';

export const BRAND_LOGO_PATTERN = '^/_media/[0-9a-f]{24}\\.(jpg|png|webp|avif|gif)$';

export const BrandSchema = Strict(
  {
    logo: Optional(
      Text({
        pattern: BRAND_LOGO_PATTERN,
        title: 'Logo',
        description:
          'An image of your media library shown above the sign-in pages and at the top of every mail: paste its address as the library shows it, e.g. /_media/3f9c0a1b2c3d4e5f60718293.png (a wide image about 80 px high reads best)',
        'x-hint':
          'the address of an image of the site\'s media library, such as "/_media/3f9c0a1b2c3d4e5f60718293.png"',
      }),
    ),
    colour: Optional(
      Text({
        pattern: '^#[0-9a-fA-F]{6}$',
        title: 'Brand colour',
        description:
          'The colour of buttons and links on the sign-in pages and of the mail header, as #rrggbb; text on it is chosen black or white for contrast, and links are darkened when needed to stay readable',
        'x-hint': 'a colour as "#" and six hex digits, such as "#0b6e4f"',
      }),
    ),
  },
  {
    title: 'Logo and colour',
    description: 'How the sign-in pages, account pages and mails look: your logo and brand colour',
  },
);
