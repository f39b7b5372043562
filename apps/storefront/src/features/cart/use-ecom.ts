import { useLingui } from '@lingui/react';
import { useVitrine } from '@vitrine/react';
import { useMemo } from 'react';
import { ecomFetch, type EcomFetch } from '../../app/ecom-fetch.js';

/** eCom calls with the shop client's token, in the language the shopper reads. */
export function useEcom(): EcomFetch {
  const { authFetch } = useVitrine();
  const { i18n } = useLingui();
  return useMemo(() => ecomFetch(authFetch, i18n.locale), [authFetch, i18n.locale]);
}
