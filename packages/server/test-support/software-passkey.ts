import { createHash, randomBytes, sign, type KeyObject } from 'node:crypto';
import { generateEs256KeyPair } from '../src/oauth/es256-key-pair.js';

/**
 * A software WebAuthn authenticator for server tests without a browser: an ES256 (P-256) key pair
 * from node:crypto, attestation format "none", and authenticator data built byte by byte per
 * WebAuthn L2 §6.1. Every field a relying party must check (origin in clientDataJSON, rpIdHash,
 * flags, sign counter) can be set per call, so tests can forge exactly one wrong field at a time.
 *
 * The CBOR encoder is written here on purpose rather than taken from the library the server verifies
 * with: a shared encoder bug would otherwise cancel out and hide.
 */

export const FLAG_UP = 0x01;
export const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

/** What the browser would put around the authenticator's answer; each defaults to the honest value. */
export interface CeremonyOverrides {
  /** clientDataJSON.origin; the browser fills in the page's origin. */
  origin: string;
  /** The RP ID hashed into authenticatorData (default: the options' rp.id / rpId). */
  rpId?: string;
  /** Authenticator flags (default UP|UV; AT is added for registration). */
  flags?: number;
  /** The sign counter to report (default: one more than the last one reported). */
  signCount?: number;
}

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

/** Definite-length CBOR (RFC 8949) for the few types WebAuthn needs: ints, byte/text strings, maps. */
export function encodeCbor(value: Cbor): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const utf8 = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, utf8.length), utf8]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [encodeCbor(k), encodeCbor(v)])]);
}

export class SoftwarePasskey {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Buffer;
  /** The last counter this authenticator reported. */
  signCount = 0;

  constructor() {
    const { privateKey, publicJwk: jwk } = generateEs256KeyPair();
    this.privateKey = privateKey;
    // COSE_Key (RFC 9053): kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    this.cosePublicKey = encodeCbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** navigator.credentials.create(): answers a RegistrationResponseJSON for PublicKeyCredentialCreationOptionsJSON. */
  register(optionsJson: string, o: CeremonyOverrides) {
    const options = JSON.parse(optionsJson) as { challenge: string; rp: { id: string } };
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, o.origin);
    const attested = Buffer.concat([
      Buffer.alloc(16), // AAGUID: zeros, as a "none" attestation may send
      Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 0xff]),
      this.credentialId,
      this.cosePublicKey,
    ]);
    const authData = Buffer.concat([this.authenticatorData(options.rp.id, o, FLAG_AT), attested]);
    const attestationObject = encodeCbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): answers an AuthenticationResponseJSON for PublicKeyCredentialRequestOptionsJSON. */
  assert(optionsJson: string, o: CeremonyOverrides) {
    const options = JSON.parse(optionsJson) as { challenge: string; rpId: string };
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, o.origin);
    const authenticatorData = this.authenticatorData(options.rpId, o, 0);
    // The assertion signature covers authenticatorData ‖ SHA-256(clientDataJSON); ECDSA in DER, as WebAuthn wants.
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    };
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  /** rpIdHash (32) ‖ flags (1) ‖ signCount (4, big-endian). */
  private authenticatorData(optionsRpId: string, o: CeremonyOverrides, extraFlags: number): Buffer {
    const count = o.signCount ?? this.signCount + 1;
    this.signCount = Math.max(this.signCount, count);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(count);
    return Buffer.concat([
      sha256(o.rpId ?? optionsRpId),
      Buffer.from([(o.flags ?? FLAG_UP | FLAG_UV) | extraFlags]),
      counter,
    ]);
  }
}
