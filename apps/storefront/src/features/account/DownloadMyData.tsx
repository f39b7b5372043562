import { useLingui } from '@lingui/react';
import { useVitrine } from '@vitrine/react';
import { useState } from 'react';
import { Alert } from '../../components/Alert.js';
/** The Vitrine API of the member's own data (GET …/members/my/data). */
const SHOP_API = '/_api/vitrine/v1';

/**
 * "Download my data" (data portability): the member's own data as one JSON file
 * (`GET /_api/vitrine/v1/members/my/data`: profile, sessions, sign-in methods, orders and cart).
 */
export function DownloadMyData() {
  const { _ } = useLingui();
  const { authFetch } = useVitrine();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function download() {
    setBusy(true);
    setFailed(false);
    try {
      const response = await authFetch(`${SHOP_API}/members/my/data`);
      if (!response.ok) throw new Error(String(response.status));
      const url = URL.createObjectURL(new Blob([await response.text()], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'my-data.json';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" aria-labelledby="my-data-heading" onSubmit={(e) => (e.preventDefault(), void download())}>
      <h3 id="my-data-heading">{_('account.myData.heading')}</h3>
      <p>{_('account.myData.hint')}</p>
      {failed && <Alert tone="error">{_('account.myData.failed')}</Alert>}
      <button type="submit" className="button" disabled={busy}>
        {_('account.myData.download')}
      </button>
    </form>
  );
}
