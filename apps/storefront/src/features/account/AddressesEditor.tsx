import { useLingui } from '@lingui/react';
import type { AddressTag, MemberAddress, MemberResult } from '@vitrine/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '../../components/Alert.js';
import { CountrySelect } from '../../components/CountrySelect.js';
import { Field } from '../../components/Field.js';

/** Address tags; their names are the catalog's `address.tag.<TAG>`. */
const TAGS: AddressTag[] = ['SHIPPING', 'BILLING', 'HOME', 'WORK', 'UNTAGGED'];

const empty = (): MemberAddress => ({
  tag: 'SHIPPING',
  address: { addressLine: '', city: '', postalCode: '', country: '' },
});

/** The member's addresses, each with its tag; add, edit, remove, then save them together. */
export function AddressesEditor({ member }: { member: MemberResult }) {
  const { _ } = useLingui();
  const [addresses, setAddresses] = useState<MemberAddress[]>(() => member.data?.profile.addresses ?? []);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');

  const edit = (index: number, change: Partial<MemberAddress['address']> & { tag?: AddressTag }) =>
    setAddresses((list) =>
      list.map((a, i) => {
        if (i != index) return a;
        const { tag, ...address } = change;
        return { tag: tag ?? a.tag, address: { ...a.address, ...address } };
      }),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState('saving');
    try {
      const cleaned = addresses.map((a) => ({
        tag: a.tag,
        address: Object.fromEntries(
          Object.entries(a.address).filter(([, v]) => typeof v == 'string' && v.trim()),
        ) as MemberAddress['address'],
      }));
      await member.update({ profile: { addresses: cleaned } });
      setState('saved');
    } catch {
      setState('failed');
    }
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} aria-labelledby="addresses-heading">
      <h3 id="addresses-heading">{_('address.heading')}</h3>
      {addresses.length == 0 && <p className="muted">{_('address.none')}</p>}
      {addresses.map((a, i) => (
        <fieldset key={i} className="address-card">
          <legend>{_('address.legend', { n: i + 1 })}</legend>
          <div className="field">
            <label htmlFor={`address-${i}-tag`}>{_('address.tag')}</label>
            <select
              id={`address-${i}-tag`}
              value={a.tag}
              onChange={(e) => edit(i, { tag: e.target.value as AddressTag })}
            >
              {TAGS.map((t) => (
                <option key={t} value={t}>
                  {_(`address.tag.${t}`)}
                </option>
              ))}
            </select>
          </div>
          <Field
            label={_('address.street')}
            autoComplete="address-line1"
            value={a.address.addressLine ?? ''}
            onChange={(e) => edit(i, { addressLine: e.target.value })}
          />
          <div className="form__row">
            <Field
              label={_('address.postalCode')}
              autoComplete="postal-code"
              value={a.address.postalCode ?? ''}
              onChange={(e) => edit(i, { postalCode: e.target.value })}
              maxLength={20}
            />
            <Field
              label={_('address.city')}
              autoComplete="address-level2"
              value={a.address.city ?? ''}
              onChange={(e) => edit(i, { city: e.target.value })}
            />
          </div>
          <CountrySelect
            label={_('address.country')}
            value={a.address.country ?? ''}
            onChange={(country) => edit(i, { country })}
          />
          <button
            type="button"
            className="link-button"
            onClick={() => setAddresses((list) => list.filter((_, j) => j != i))}
          >
            {_('address.remove', { n: i + 1 })}
          </button>
        </fieldset>
      ))}
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => setAddresses((list) => [...list, empty()])}
          disabled={addresses.length >= 20}
        >
          {_('address.add')}
        </button>
        <button type="submit" className="button button--primary" disabled={state == 'saving'}>
          {_('address.save')}
        </button>
      </div>
      <div aria-live="polite">
        {state == 'saved' && <Alert tone="success">{_('address.saved')}</Alert>}
        {state == 'failed' && <Alert tone="error">{_('address.saveFailed')}</Alert>}
      </div>
    </form>
  );
}
