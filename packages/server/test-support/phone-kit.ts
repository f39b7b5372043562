import type { PhoneConfig, PhoneLimits } from '../src/config/types.js';
import { DEFAULT_PHONE_LIMITS } from '../src/phone/config.js';
import { memberCalls, PASSWORD, startMfaServer, type MfaHarness } from './mfa-kit.js';
import { withLoopbackPeers, type TestServerOptions } from './server.js';

/** Phone second factors (issue #32): a harness whose site delivers with `provider` (default: the dev phone). */
export async function startPhoneServer(
  provider: PhoneConfig['provider'] = { kind: 'dev' },
  settings: { limits?: Partial<PhoneLimits>; allowedCountries?: string[] } = {},
  options: TestServerOptions = {},
): Promise<MfaHarness> {
  return startMfaServer(
    {},
    {
      ...options,
      // A fake Twilio or phone webhook listens on 127.0.0.1: reachable only with the operator's switch.
      config: (c) => (options.config ?? ((x) => x))(provider.kind === 'dev' ? c : withLoopbackPeers(c)),
      site: (s) => ({
        ...s,
        phone: {
          provider,
          allowedCountries: settings.allowedCountries ?? [],
          limits: { ...DEFAULT_PHONE_LIMITS, ...settings.limits },
        },
      }),
    },
  );
}

/** The site with the dev phone and default limits: SMS and CALL offered (for other packages' suites). */
export const withDevPhone = <S extends { phone?: PhoneConfig }>(site: S): S => ({
  ...site,
  phone: { provider: { kind: 'dev' }, allowedCountries: [], limits: DEFAULT_PHONE_LIMITS },
});

/**
 * A fresh valid French mobile number (+33 6 1…: a range libphonenumber's metadata calls valid), random so
 * that suites running side by side do not share one (the limits count per number).
 */
export function freshNumber(): string {
  return `+3361${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}

export interface DevPhoneMessage {
  id: string;
  to: string;
  channel: string;
  text: string;
  createdAt: string;
}

export async function phoneMessages(h: MfaHarness, to: string): Promise<DevPhoneMessage[]> {
  return (await h.call('GET', `/_dev/phone.json?to=${encodeURIComponent(to)}`)).body.messages as DevPhoneMessage[];
}

/** The 6-digit code of the newest text or call to `to`. */
export async function lastCode(h: MfaHarness, to: string): Promise<string> {
  const [last] = await phoneMessages(h, to);
  const match = /#(\d{6})$/.exec(last?.text ?? '') ?? /(\d), (\d), (\d), (\d), (\d), (\d)\./.exec(last?.text ?? '');
  if (!match) throw new Error(`no code texted or called to ${to}: ${JSON.stringify(last)}`);
  return match.length > 2 ? match.slice(1, 7).join('') : match[1]!;
}

/** A member with an active phone factor of `type` on `number`. */
export async function withPhone(h: MfaHarness, tag: string, type: 'SMS' | 'CALL', number = freshNumber()) {
  const m = memberCalls(h);
  const member = await m.register(tag);
  const added = await h.call('POST', '/_api/iam/mfa/v1/factors', {
    token: member.token,
    body: { factorType: type, phoneNumber: number, currentPassword: PASSWORD },
  });
  if (added.status !== 200) throw new Error(`add ${type}: ${added.status} ${added.text}`);
  const activated = await h.call('POST', `/_api/iam/mfa/v1/factors/${added.body.factor.factorId}/activate`, {
    token: member.token,
    body: { code: await lastCode(h, number), currentPassword: PASSWORD },
  });
  if (activated.status !== 200) throw new Error(`activate: ${activated.status} ${activated.text}`);
  return { ...member, number, factorId: added.body.factor.factorId as string };
}
