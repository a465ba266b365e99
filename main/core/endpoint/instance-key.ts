// Telling the real Gatehouse from an impostor: after a crash, endpoint.json still names a port that any program the
// agent starts may bind. Each instance makes an Ed25519 key pair in memory at start, publishes only the public key in
// endpoint.json, and signs every hook answer over a nonce the hook chose; the hook believes only a valid signature.
// Node built-ins only: the hook client imports the verifying half, and loads node:crypto (a few ms) only when asked,
// so it can do that while Gatehouse decides.
import type { KeyObject } from 'node:crypto';

const crypto = () => process.getBuiltinModule('node:crypto');

/** Header carrying the hook's fresh nonce. */
export const NONCE_HEADER = 'x-gatehouse-nonce';
/** Header carrying the instance's signature over nonce and answer. */
export const SIGNATURE_HEADER = 'x-gatehouse-signature';

/** What is signed: the nonce the hook sent, then the exact answer body. */
function signedBytes(nonce: string, body: string): Buffer {
  return Buffer.from(`gatehouse-hook-answer\n${nonce}\n${body}`, 'utf8');
}

/** An instance's signing key; the private half never leaves this process's memory. */
export interface InstanceKey {
  /** The public key as base64 DER (SPKI), for endpoint.json. */
  publicKey: string;
  /** The signature (base64) of an answer body for a nonce. */
  sign(nonce: string, body: string): string;
}

/** A fresh key pair for this run. */
export function createInstanceKey(): InstanceKey {
  const { generateKeyPairSync, sign } = crypto();
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    sign: (nonce, body) => sign(null, signedBytes(nonce, body), privateKey).toString('base64'),
  };
}

/** Why an answer that fails its check is not believed, in the refusal the person or the model reads. */
export function notTheInstance(host: string): string {
  return `the program answering on ${host} is not the Gatehouse that wrote endpoint.json (a stale endpoint after a crash?)`;
}

/** Checks one signed answer: whether `signature` is the instance's signature of this body for this nonce. */
export type AnswerCheck = (nonce: string, body: string, signature: string | undefined) => boolean;

/**
 * The check for answers signed by the instance whose public key endpoint.json holds (false for anything malformed).
 * Making it loads node:crypto and parses the key (a few ms): the hook makes it while Gatehouse decides.
 */
export function answerVerifier(publicKey: string): AnswerCheck {
  const { createPublicKey, verify } = crypto();
  let key: KeyObject;
  try {
    key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
  } catch {
    return () => false;
  }
  if (key.asymmetricKeyType !== 'ed25519') return () => false;
  return (nonce, body, signature) => {
    if (!signature) return false;
    try {
      return verify(null, signedBytes(nonce, body), key, Buffer.from(signature, 'base64'));
    } catch {
      return false;
    }
  };
}
