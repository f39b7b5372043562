import { api } from '../../api/client.js';
import type { MediaFile, MediaList } from '../../api/types.js';

/** The console's side of `/_admin/v1/media` (server: media/routes.ts). */
export type { MediaFile } from '../../api/types.js';

const site = (siteId: string) => `siteId=${encodeURIComponent(siteId)}`;

export const mediaApi = {
  list: (siteId: string, offset = 0) =>
    api<MediaList>('GET', `/_admin/v1/media?${site(siteId)}&limit=60&offset=${offset}`),
  /** The file's bytes as the body; the server reads its type from them and keeps the name as a label only. */
  upload: (siteId: string, file: Blob, name: string) =>
    api<{ media: MediaFile }>('POST', `/_admin/v1/media?${site(siteId)}&name=${encodeURIComponent(name)}`, file),
  setAlt: (siteId: string, id: string, alt: Record<string, string>) =>
    api<{ media: MediaFile }>('PUT', `/_admin/v1/media/${id}/alt`, { siteId, alt }),
  remove: (siteId: string, id: string) => api('DELETE', `/_admin/v1/media/${id}?${site(siteId)}`),
};

/** The media id inside an image field's value (`/_media/<id>.<ext>`), if it is an uploaded file. */
export function mediaIdOf(url: unknown): string | undefined {
  return typeof url === 'string' ? /^\/_media\/([0-9a-f]{24})\.[a-z]+$/.exec(url)?.[1] : undefined;
}

/** A small preview of an uploaded file (WebP at 320 px); other addresses as they are. */
export const previewOf = (url: string, width = 320) => (mediaIdOf(url) ? `${url}?w=${width}&format=webp` : url);

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

export const fetchMedia = (siteId: string, id: string) =>
  api<{ media: MediaFile }>('GET', `/_admin/v1/media/${id}?${site(siteId)}`);
