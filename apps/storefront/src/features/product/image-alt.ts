import type { ShopClient } from '../../app/shop-client.js';

/** Uploaded pictures (`/_media/<id>.<ext>`) carry an alt text per language, kept by the media library. */
export const isUploaded = (src: string | undefined): src is string => !!src?.startsWith('/_media/');

/** The picture's alt text in `language` (else the site's default language), '' when it has none. */
export async function fetchImageAlt(client: ShopClient, src: string, language: string): Promise<string> {
  const { alt } = await client.request<{ alt: string }>({
    method: 'GET',
    path: `${src.split('?')[0]}/alt`,
    query: { language },
  });
  return alt;
}
