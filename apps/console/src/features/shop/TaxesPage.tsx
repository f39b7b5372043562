import { useState, type FormEvent } from 'react';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { useChangeSettings, useSiteSettings } from '../settings/api.js';
import { useCurrencyChanged } from './catalog-api.js';
import { taxChanges, taxFieldsOf, type TaxFields } from './taxes-form.js';

/**
 * Currency and taxes of the shop: `sites[].shop.currency`, `pricesIncludeTax` and `taxRates`, which are site
 * settings (PATCH /_admin/v1/site-settings, owners only). A key the config file sets is locked here, as on the
 * Settings page; other roles read them.
 */
export function TaxesPage({ siteId }: { siteId: string }) {
  const settings = useSiteSettings(siteId);
  const change = useChangeSettings(siteId);
  const currencyChanged = useCurrencyChanged(siteId);
  const [edited, setEdited] = useState<TaxFields>();
  const fields = settings.data?.sections.find((s) => s.name === 'shop')?.fields ?? [];
  const loaded = taxFieldsOf(fields);
  const form = edited ?? loaded;
  const lock = (name: string) => fields.find((f) => f.name === name)?.locked === true;
  const canChange = settings.data?.canChange === true;
  const update = (patch: Partial<TaxFields>) => setEdited({ ...form, ...patch });
  const setRate = (i: number, patch: Partial<TaxFields['rates'][number]>) =>
    update({ rates: form.rates.map((r, j) => (j === i ? { ...r, ...patch } : r)) });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const changes = taxChanges(loaded, form);
    if (change.isPending || !Object.keys(changes).length) return;
    change.mutate(changes, {
      onSuccess: () => {
        setEdited(undefined);
        if ('shop.currency' in changes) void currencyChanged();
      },
    });
  };
  if (!settings.data)
    return (
      <>
        <PageHeading>Currency and taxes</PageHeading>
        <Notice error={settings.error?.message} />
        {!settings.error && <p role="status">Loading…</p>}
      </>
    );
  const lockedNote = (key: string) =>
    lock(key) ? <p className="help">{`Set in the config file (shop.${key}): change it there.`}</p> : null;
  return (
    <>
      <PageHeading>Currency and taxes</PageHeading>
      <p>
        Site settings (<code>sites[].shop</code>), also on the <Link to="/settings">Settings</Link> page. Orders keep
        the tax they were placed with.
      </p>
      {!canChange && <p className="notice notice-read-only">Only owners change these; your role reads them.</p>}
      <form className="form taxes-form" onSubmit={submit}>
        <fieldset disabled={!canChange} className="plain">
          <label>
            Currency (ISO 4217 code)
            <input
              required
              pattern="[A-Za-z]{3}"
              maxLength={3}
              autoCapitalize="characters"
              disabled={lock('currency')}
              aria-describedby="currency-help"
              value={form.currency}
              onChange={(e) => update({ currency: e.target.value })}
            />
          </label>
          <p id="currency-help" className="help">
            Prices are kept in its smallest unit (cents): changing the currency does not convert them.
          </p>
          {lockedNote('currency')}
          <label className="checkbox">
            <input
              type="checkbox"
              disabled={lock('pricesIncludeTax')}
              checked={form.pricesIncludeTax}
              onChange={(e) => update({ pricesIncludeTax: e.target.checked })}
            />
            Catalog prices include tax (as in the EU); otherwise tax is added at checkout
          </label>
          {lockedNote('pricesIncludeTax')}
          <fieldset disabled={lock('taxRates')}>
            <legend>Tax rates by delivery country</legend>
            <p className="help">A country not listed pays no tax.</p>
            {form.rates.map((r, i) => (
              <div className="toolbar tax-rate" key={i}>
                <label>
                  {`Country of rate ${i + 1}`}
                  <input
                    required
                    maxLength={2}
                    pattern="[A-Za-z]{2}"
                    autoCapitalize="characters"
                    placeholder="FR"
                    value={r.country}
                    onChange={(e) => setRate(i, { country: e.target.value })}
                  />
                </label>
                <label>
                  {`Rate ${i + 1} (%)`}
                  <input
                    required
                    inputMode="decimal"
                    value={r.rate}
                    onChange={(e) => setRate(i, { rate: e.target.value })}
                  />
                </label>
                <label>
                  {`Name of rate ${i + 1} (optional)`}
                  <input
                    maxLength={40}
                    placeholder="VAT"
                    value={r.name}
                    onChange={(e) => setRate(i, { name: e.target.value })}
                  />
                </label>
                <button
                  type="button"
                  className="secondary"
                  onClick={() => update({ rates: form.rates.filter((_, j) => j !== i) })}
                >
                  {`Remove rate ${i + 1}`}
                </button>
              </div>
            ))}
            <button
              type="button"
              className="secondary"
              onClick={() => update({ rates: [...form.rates, { country: '', rate: '', name: '' }] })}
            >
              Add a country
            </button>
            {lockedNote('taxRates')}
          </fieldset>
          <Notice
            error={change.error?.message}
            success={change.isSuccess && !edited ? 'Currency and taxes saved.' : undefined}
          />
          <div className="actions">
            <button type="submit" disabled={change.isPending}>
              Save currency and taxes
            </button>
          </div>
        </fieldset>
      </form>
    </>
  );
}
