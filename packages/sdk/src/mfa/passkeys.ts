/**
 * The browser half of a passkey (WebAuthn) ceremony: the server's options JSON in, the credential JSON
 * out, through `navigator.credentials`. Browsers with the WebAuthn Level 3 JSON helpers use them; older
 * ones get the few base64url fields converted here. No runtime dependency.
 */

/** What these helpers need of `navigator.credentials` (a test or an app may pass its own). */
export type CredentialsLike = Pick<CredentialsContainer, 'create' | 'get'>;

type Json = Record<string, unknown>;
type PkcStatic = {
  parseCreationOptionsFromJSON?: (o: Json) => PublicKeyCredentialCreationOptions;
  parseRequestOptionsFromJSON?: (o: Json) => PublicKeyCredentialRequestOptions;
};

const bytes = (b64url: string) =>
  Uint8Array.from(atob(b64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const b64url = (buffer: ArrayBuffer | null | undefined) =>
  buffer
    ? btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    : undefined;
const withIds = (list: unknown) => (list as { id: string }[] | undefined)?.map((c) => ({ ...c, id: bytes(c.id) }));

function credentialsOf(container?: CredentialsLike): CredentialsLike {
  const c = container ?? globalThis.navigator?.credentials;
  if (!c || !globalThis.PublicKeyCredential) throw new Error('Passkeys are not available in this browser');
  return c;
}

/** `PublicKeyCredential.toJSON()`, or the same shape built by hand. */
function toJson(credential: Credential | null): Json {
  const pkc = credential as (PublicKeyCredential & { toJSON?: () => Json }) | null;
  if (!pkc) throw new Error('No passkey was chosen');
  if (typeof pkc.toJSON == 'function') return pkc.toJSON();
  const r = pkc.response as AuthenticatorAttestationResponse & AuthenticatorAssertionResponse;
  return {
    id: pkc.id,
    rawId: b64url(pkc.rawId),
    type: pkc.type,
    authenticatorAttachment: pkc.authenticatorAttachment ?? undefined,
    clientExtensionResults: pkc.getClientExtensionResults(),
    response: {
      clientDataJSON: b64url(r.clientDataJSON),
      attestationObject: b64url(r.attestationObject),
      transports: r.getTransports?.(),
      authenticatorData: b64url(r.authenticatorData),
      signature: b64url(r.signature),
      userHandle: b64url(r.userHandle),
    },
  };
}

/** Creates a passkey from `publicKeyCredentialCreationOptionsJson`; answers the credential JSON for the server. */
export async function createPasskeyCredential(optionsJson: string, container?: CredentialsLike): Promise<Json> {
  const credentials = credentialsOf(container);
  const o = JSON.parse(optionsJson) as Json & { user: Json & { id: string }; challenge: string };
  const parse = (globalThis.PublicKeyCredential as unknown as PkcStatic).parseCreationOptionsFromJSON;
  const publicKey = parse
    ? parse(o)
    : ({
        ...o,
        challenge: bytes(o.challenge),
        user: { ...o.user, id: bytes(o.user.id) },
        excludeCredentials: withIds(o.excludeCredentials),
      } as unknown as PublicKeyCredentialCreationOptions);
  return toJson(await credentials.create({ publicKey }));
}

/** Signs `publicKeyCredentialRequestOptionsJson` with a passkey; answers the credential JSON for the server. */
export async function getPasskeyCredential(optionsJson: string, container?: CredentialsLike): Promise<Json> {
  const credentials = credentialsOf(container);
  const o = JSON.parse(optionsJson) as Json & { challenge: string };
  const parse = (globalThis.PublicKeyCredential as unknown as PkcStatic).parseRequestOptionsFromJSON;
  const publicKey = parse
    ? parse(o)
    : ({
        ...o,
        challenge: bytes(o.challenge),
        allowCredentials: withIds(o.allowCredentials),
      } as unknown as PublicKeyCredentialRequestOptions);
  return toJson(await credentials.get({ publicKey }));
}

/** True when this browser can use passkeys at all. */
export const passkeysSupported = (): boolean =>
  typeof globalThis.PublicKeyCredential == 'function' && !!globalThis.navigator?.credentials;
