import type { FactorsResult } from '@vitrine/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { REAUTHENTICATION_REQUIRED } from '../../app/error-codes.js';
import { Field } from '../../components/Field.js';
import { useLingui } from '../../i18n/index.js';
import { phoneRefusal, type Way } from './phone-refusal.js';
import type { Proof } from './use-fresh-proof.js';

/**
 * The ways the site lets a member get codes (all three from a server that does not say: Wix's), less those the
 * member already has a number for (one per way: a second would be refused as "already on").
 */
export function offeredWays(data: FactorsResult['data']): Way[] {
  const allowed = data?.allowedFactorTypes;
  const has = (type: string) => (data?.factors ?? []).some((f) => f.factorType == type && f.status == 'ACTIVE');
  const texts = (!allowed || allowed.includes('SMS')) && !has('SMS');
  const ways: Way[] = [];
  if (texts) ways.push('SMS');
  if (texts && data?.phone?.whatsapp !== false) ways.push('WHATSAPP');
  if ((!allowed || allowed.includes('CALL')) && !has('CALL')) ways.push('CALL');
  return ways;
}

/**
 * Account → Security, phone (issue #32): add a number for codes by text message, WhatsApp or call; it
 * becomes a factor once the code sent to it is typed here; remove it. Numbers are shown masked.
 */
export function PhoneSection({
  factors,
  run,
  busy,
  onDone,
}: {
  factors: FactorsResult;
  run(change: (proof: Proof) => Promise<void>): Promise<void>;
  busy: boolean;
  onDone(message: string, recoveryCodes?: string[]): void;
}) {
  const { _ } = useLingui();
  const t = (id: string, message: string, values?: Record<string, unknown>) =>
    _({ id, message, ...(values && { values }) });
  const ways = offeredWays(factors.data);
  const [number, setNumber] = useState('');
  const [chosen, setWay] = useState<Way>();
  const way = chosen && ways.includes(chosen) ? chosen : (ways[0] ?? 'SMS');
  const [pending, setPending] = useState<{ factorId: string; masked: string }>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const phones = (factors.data?.factors ?? []).filter(
    (f) => (f.factorType == 'SMS' || f.factorType == 'CALL') && f.status == 'ACTIVE',
  );

  const refusal = (e: unknown) => {
    if ((e as { code?: unknown }).code == REAUTHENTICATION_REQUIRED) throw e;
    const r = phoneRefusal(e, way);
    switch (r.cause) {
      case 'notOffered':
        return r.way == 'CALL'
          ? t('security.phoneNoCalls', 'This shop does not send codes by phone call. Choose another way.')
          : t('security.phoneNoTexts', 'This shop does not send codes by text message. Choose another way.');
      case 'exists':
        return t(
          'security.phoneExists',
          'You already get codes on a phone number this way. Remove that number first to use another one.',
        );
      case 'country':
        return r.countries.length
          ? t('security.phoneCountryList', 'This shop sends codes only to numbers of {countries}.', {
              countries: r.countries.join(', '),
            })
          : t('security.phoneCountry', 'This shop cannot send codes to numbers of this country.');
      case 'format':
        return t(
          'security.phoneInvalid',
          'This is not a valid phone number: include the country code, for example +33 6 12 34 56 78.',
        );
      case 'tooSoon':
        return t('security.phoneTooSoon', 'A code was sent a moment ago. Wait a minute before asking for another.');
      case 'limit':
        return t('security.phoneLimit', 'Too many codes were sent today. Try again tomorrow.');
      case 'delivery':
        return t('security.phoneFailed', 'We could not send the code just now. Try again later.');
      default:
        return t('security.phoneOther', 'The code could not be sent ({reason}). Try again later.', {
          reason: r.message,
        });
    }
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    void run(async (proof) => {
      try {
        const r = await factors.addPhone(number.trim(), {
          ...proof,
          type: way == 'CALL' ? 'CALL' : 'SMS',
          ...(way == 'WHATSAPP' ? { deliveryMethod: 'WHATSAPP' as const } : {}),
        });
        setPending({ factorId: r.factor.factorId, masked: r.phone.maskedNumber });
        setCode('');
      } catch (e) {
        setError(refusal(e));
      }
    });
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    void run(async (proof) => {
      try {
        const r = await factors.activate(pending!.factorId, code.trim(), proof);
        setPending(undefined);
        setNumber('');
        onDone(t('security.phoneAdded', 'Your phone number is confirmed.'), r.recoveryCodes);
      } catch (e) {
        if ((e as { code?: unknown }).code == REAUTHENTICATION_REQUIRED) throw e;
        setError(
          t('security.phoneWrongCode', 'This code is not correct, or it expired. Check it or ask for a new one.'),
        );
      }
    });
  };

  const wayLabel = (type: string) =>
    type == 'CALL'
      ? t('security.phoneByCall', 'Codes by phone call')
      : t('security.phoneByText', 'Codes by text message');

  return (
    <section className="security-card" aria-labelledby="phone-title">
      <h2 id="phone-title">{t('security.phoneTitle', 'Phone')}</h2>
      {phones.length > 0 && (
        <ul className="security-card__list" aria-labelledby="phone-title">
          {phones.map((f) => (
            <li key={f.factorId} className="security-card__row">
              <span id={`phone-${f.factorId}`}>
                {wayLabel(f.factorType)}: <bdi dir="ltr">{f.phoneNumber}</bdi>
              </span>
              {/* Described by its row (not renamed): the masked number's dots read badly inside a name. */}
              <button
                type="button"
                className="button"
                aria-describedby={`phone-${f.factorId}`}
                disabled={busy}
                onClick={() =>
                  void run(async (p) => {
                    await factors.remove(f.factorId, p);
                    onDone(t('security.phoneRemoved', 'The phone number was removed.'));
                  })
                }
              >
                {t('security.remove', 'Remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {pending ? (
        <form className="form" onSubmit={confirm} noValidate>
          <p>{t('security.phoneCodeSent', 'We sent a 6-digit code to {number}.', { number: pending.masked })}</p>
          <Field
            label={t('security.phoneCode', 'Code')}
            name="phone-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={error}
          />
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={busy || !code.trim()}>
              {t('security.phoneConfirm', 'Confirm')}
            </button>
            <button type="button" className="button" onClick={() => setPending(undefined)}>
              {t('common.cancel', 'Cancel')}
            </button>
          </div>
        </form>
      ) : (
        phones.length < 2 &&
        ways.length > 0 && (
          <form className="form" onSubmit={send} noValidate>
            <Field
              label={t('security.phoneNumber', 'Phone number')}
              name="phone"
              type="tel"
              autoComplete="tel"
              dir="ltr"
              hint={t('security.phoneHint', 'With the country code, for example +33 6 12 34 56 78.')}
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              error={error}
            />
            <fieldset className="security-card__ways">
              <legend>{t('security.phoneWay', 'Send codes by')}</legend>
              {ways.map((w) => (
                <label key={w} className="checkbox">
                  <input type="radio" name="phone-way" value={w} checked={way == w} onChange={() => setWay(w)} />{' '}
                  {w == 'SMS'
                    ? t('security.phoneWaySms', 'Text message')
                    : w == 'WHATSAPP'
                      ? t('security.phoneWayWhatsapp', 'WhatsApp')
                      : t('security.phoneWayCall', 'Phone call')}
                </label>
              ))}
            </fieldset>
            <button type="submit" className="button" disabled={busy || !number.trim()}>
              {t('security.phoneSend', 'Send a code')}
            </button>
          </form>
        )
      )}
    </section>
  );
}
