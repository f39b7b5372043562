import type { MemberResult } from '@vitrine/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '../../components/Alert.js';
import { Field } from '../../components/Field.js';

/** First and last name. */
export function ProfileForm({ member }: { member: MemberResult }) {
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
      <h3 id="names-heading">Name</h3>
      <div className="form__row">
        <Field label="First name" name="firstName" autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} maxLength={200} />
        <Field label="Last name" name="lastName" autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} maxLength={200} />
      </div>
      <button type="submit" className="button" disabled={state == 'saving'}>
        Save name
      </button>
      <div aria-live="polite">
        {state == 'saved' && <Alert tone="success">Your name was saved.</Alert>}
        {state == 'failed' && <Alert tone="error">Your name could not be saved. Please try again.</Alert>}
      </div>
    </form>
  );
}
