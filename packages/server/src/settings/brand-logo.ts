/**
 * `brand.logo` names a file of the site's own media library (config/schema/brand.ts). The schema's pattern keeps
 * it a path on this server (no URL the server or a browser would fetch elsewhere); this checks, when an owner sets
 * it, that the file exists and belongs to this site, so one tenant cannot show another's upload or a file not yet
 * there. The config file's value is the operator's and is taken as written.
 */
import { appError } from '../errors/catalogue.js';
import { findMedia, mediaUrl } from '../media/store.js';
import type { Queryable } from '../store/types.js';

type Raw = Record<string, unknown>;

const logoIn = (raw: Raw): unknown => {
  const brand = raw.brand;
  return brand !== null && typeof brand === 'object' ? (brand as Raw).logo : undefined;
};

/** Refuses a changed `brand.logo` that is not a file of `siteId`'s media library. */
export async function checkBrandLogo(db: Queryable, siteId: string, before: Raw, after: Raw): Promise<void> {
  const logo = logoIn(after);
  if (typeof logo !== 'string' || logo === logoIn(before)) return;
  const [id] = logo.replace(/^\/_media\//, '').split('.');
  const media = id ? await findMedia(db, id, siteId) : undefined;
  if (!media || mediaUrl(media) !== logo)
    throw appError('SETTING_INVALID', {
      description: `brand.logo: ${logo} is not an image of this site's media library (upload it under Media and paste the address it shows)`,
      data: { problems: [`brand.logo: not an image of this site's media library`] },
    });
}
