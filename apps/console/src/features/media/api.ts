import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client, fileBody } from '../../api/client.js';
import type { MediaFile } from '../../api/types.js';

/** The console's side of `/_admin/v1/media` (server: media/routes.ts). */
export type { MediaFile } from '../../api/types.js';

const mediaKeys = {
  all: (siteId: string) => ['media', siteId] as const,
  one: (siteId: string, id: string) => ['media', siteId, 'file', id] as const,
};
const site = (siteId: string) => ({ siteId });

/** The newest 60 files of the site. */
export function useMediaList(siteId: string) {
  return useQuery({
    queryKey: [...mediaKeys.all(siteId), 'list'],
    queryFn: () => answer(client.GET('/_admin/v1/media', { params: { query: { siteId, limit: 60, offset: 0 } } })),
  });
}

/** One uploaded file (an image field's value), when the value is one. */
export function useMediaFile(siteId: string, id: string | undefined) {
  return useQuery({
    queryKey: mediaKeys.one(siteId, id ?? ''),
    queryFn: async () =>
      (await answer(client.GET('/_admin/v1/media/{id}', { params: { path: { id: id! }, query: site(siteId) } }))).media,
    enabled: !!id,
  });
}

/** The file's bytes as the body; the server reads its type from them and keeps the name as a label only. */
export function useUploadMedia(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, name }: { file: Blob; name: string }) =>
      (await answer(client.POST('/_admin/v1/media', { params: { query: { siteId, name } }, ...fileBody(file) }))).media,
    onSuccess: (media) => {
      queryClient.setQueryData(mediaKeys.one(siteId, media.id), media);
      return queryClient.invalidateQueries({ queryKey: [...mediaKeys.all(siteId), 'list'] });
    },
  });
}

export function useSetMediaAlt(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, alt }: { id: string; alt: Record<string, string> }) =>
      (await answer(client.PUT('/_admin/v1/media/{id}/alt', { params: { path: { id } }, body: { siteId, alt } })))
        .media,
    onSuccess: (media) => {
      queryClient.setQueryData(mediaKeys.one(siteId, media.id), media);
      return queryClient.invalidateQueries({ queryKey: [...mediaKeys.all(siteId), 'list'] });
    },
  });
}

export function useDeleteMedia(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: MediaFile) =>
      answer(client.DELETE('/_admin/v1/media/{id}', { params: { path: { id: file.id }, query: site(siteId) } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all(siteId) }),
  });
}

/** The media id inside an image field's value (`/_media/<id>.<ext>`), if it is an uploaded file. */
export function mediaIdOf(url: unknown): string | undefined {
  return typeof url === 'string' ? /^\/_media\/([0-9a-f]{24})\.[a-z]+$/.exec(url)?.[1] : undefined;
}

/** A small preview of an uploaded file (WebP at 320 px); other addresses as they are. */
export const previewOf = (url: string, width = 320) => (mediaIdOf(url) ? `${url}?w=${width}&format=webp` : url);

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';
