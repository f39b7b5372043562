/** Schemas of the storefront's sitemap and robots.txt. */
import { Type } from 'typebox';

const xml = (summary: string, description: string) => ({
  summary,
  description,
  produces: ['application/xml'],
  response: { 200: Type.String({ description: 'sitemaps.org XML' }) },
});

export const sitemap = xml(
  'The sitemap',
  'The catalog, its categories and every product a visitor may read, in each of the shop’s languages; a sitemap index when they do not fit one file.',
);
export const sitemapPages = xml(
  'The sitemap of the catalog, its categories and the information pages',
  'One file of the sitemap index.',
);
export const sitemapProducts = {
  ...xml('One file of product pages', 'A file of the sitemap index, from the position `from` names.'),
  querystring: Type.Object({
    from: Type.Optional(Type.String({ maxLength: 4096, description: 'Where the file starts (from the index)' })),
  }),
};
export const robots = {
  summary: 'robots.txt',
  produces: ['text/plain'],
  response: { 200: Type.String({ description: 'Rules for crawlers and the sitemap address' }) },
};
