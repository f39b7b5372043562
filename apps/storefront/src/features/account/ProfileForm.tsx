import { useLingui } from '@lingui/react';
import type { MemberResult } from '@vitrine/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '../../components/Alert.js';
import { Field } from '../../components/Field.js';

/** First and last name. */
export function ProfileForm({ member }: { member: MemberResult }) {
  const { _ } = useLingui();
  const profile = member.data?.profile ?? {};
  const [firstName, setFirstName] = useState(profile.firstName ?? '');
  const [lastName, setLastName] = useState(profile.lastName ?? '');
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState('saving');
    try {
      await member.update({ profile: { firstName: firstName.trim(), lastName: lastName.trim() } });
      setState('saved');
    } catch {
      setState('failed');
    }
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} aria-labelledby="names-heading">
      <h3 id="names-heading">{_('profile.heading')}</h3>
      <div className="form__row">
        <Field
          label={_('field.firstName')}
          name="firstName"
          autoComplete="given-name"
          value={firstName}
          onChange={(e) => setFirstName(e.target.value)}
          maxLength={200}
        />
        <Field
          label={_('field.lastName')}
          name="lastName"
          autoComplete="family-name"
          value={lastName}
          onChange={(e) => setLastName(e.target.value)}
          maxLength={200}
        />
      </div>
      <button type="submit" className="button" disabled={state == 'saving'}>
        {_('profile.save')}
      </button>
      <div aria-live="polite">
        {state == 'saved' && <Alert tone="success">{_('profile.saved')}</Alert>}
        {state == 'failed' && <Alert tone="error">{_('profile.saveFailed')}</Alert>}
      </div>
    </form>
  );
}
