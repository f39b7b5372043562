import { useState, type FormEvent } from 'react';
import type { SettingsSection, SiteSettingsForm } from '../../api/types.js';
import { Notice } from '../../components/Notice.js';
import { useChangeSettings, useLanguages } from './api.js';
import { READ_ONLY_NOTE_ID } from './SettingControl.js';
import { ShippingMethodFields } from './ShippingMethodFields.js';
import { fromMethodDrafts, newMethodDraft, toMethodDrafts, type MethodDraft } from './shipping-form.js';

const METHODS_KEY = 'shipping.methods';

/**
 * The shipping-zones form (review t5: shipping was a JSON textarea): the delivery methods, each with its
 * prices per list of countries, free delivery above an amount and its name in the site's other languages.
 * Save sends `shipping.methods` whole through the same settings API; the server checks it as the config
 * file would and answers its own sentence.
 */
export function ShippingSection({ section, settings }: { section: SettingsSection; settings: SiteSettingsForm }) {
  const field = section.fields?.find((f) => f.key === METHODS_KEY);
  const { data: languages = [] } = useLanguages(settings.siteId);
  const currency = String(
    settings.sections.find((s) => s.name === 'shop')?.fields?.find((f) => f.key === 'shop.currency')?.value ?? 'USD',
  );
  const [drafts, setDrafts] = useState<MethodDraft[]>(() => toMethodDrafts(field?.value));
  const [saved] = useState(() => new Set(drafts.map((d) => d.key)));
  const change = useChangeSettings(settings.siteId);
  const [note, setNote] = useState<string>();
  const locked = field?.locked === true;
  const disabled = !settings.canChange || locked;

  function save(event: FormEvent) {
    event.preventDefault();
    change.reset();
    setNote(undefined);
    const read = fromMethodDrafts(drafts);
    if ('error' in read) return setNote(read.error);
    change.mutate({ [METHODS_KEY]: read.methods.length ? read.methods : null });
  }

  return (
    <form
      className="settings-form shipping-form"
      aria-labelledby="shipping-heading"
      onSubmit={save}
      noValidate
      aria-describedby={settings.canChange ? undefined : READ_ONLY_NOTE_ID}
    >
      <h3 id="shipping-heading">Delivery methods</h3>
      <p className="help-block">
        Checkout offers each method to addresses in its countries, at the price of the first rate that lists the
        country. With no method, checkout asks for no delivery choice.
      </p>
      {locked && <p className="help-block">Set in the config file ({field?.path}): change it there.</p>}
      {!drafts.length && <p>No delivery method yet.</p>}
      {drafts.map((draft, i) => (
        <ShippingMethodFields
          key={draft.key}
          draft={draft}
          isNew={!saved.has(draft.key)}
          languages={languages.slice(1)}
          currency={currency}
          disabled={disabled}
          onChange={(next) => setDrafts((all) => all.map((d, j) => (j === i ? next : d)))}
          onRemove={() => setDrafts((all) => all.filter((_, j) => j !== i))}
        />
      ))}
      {!disabled && (
        <div className="actions">
          <button
            type="button"
            className="secondary"
            onClick={() => setDrafts((all) => [...all, newMethodDraft(all.map((d) => d.id))])}
          >
            Add a delivery method
          </button>
          <button type="submit">Save delivery methods</button>
        </div>
      )}
      <Notice
        error={note ?? change.error?.message}
        success={
          change.isSuccess ? 'Saved: checkout offers these methods on every instance within seconds.' : undefined
        }
      />
    </form>
  );
}
