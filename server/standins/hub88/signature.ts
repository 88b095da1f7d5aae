/**
 * Hub88's request signature, as the stand-in computes it: RSA-SHA256 (PKCS#1 v1.5) over the raw body bytes,
 * base64 in the X-Hub88-Signature header. Written independently of the operator side on purpose: a stand-in
 * that shared the product's code could not catch the product's mistakes.
 */
import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from "node:crypto";

export const SIGNATURE_HEADER = "x-hub88-signature";

export type PemOrKey = string | KeyObject;

function privateKeyOf(key: PemOrKey): KeyObject {
  return typeof key === "string" ? createPrivateKey(key) : key;
}

function publicKeyOf(key: PemOrKey): KeyObject {
  return typeof key === "string" ? createPublicKey(key) : key;
}

/** The base64 signature of exactly these bytes (a string is taken as UTF-8). */
export function signBody(body: string | Uint8Array, privateKey: PemOrKey): string {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  return sign("sha256", bytes, privateKeyOf(privateKey)).toString("base64");
}

/** True only when `signature` is a valid base64 RSA-SHA256 signature of exactly these bytes. */
export function verifyBody(
  body: string | Uint8Array,
  signature: string | undefined | null,
  publicKey: PemOrKey,
): boolean {
  if (typeof signature !== "string" || signature.length === 0) return false;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature.trim())) return false;
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  try {
    return verify("sha256", bytes, publicKeyOf(publicKey), Buffer.from(signature.trim(), "base64"));
  } catch {
    return false;
  }
}

/** Parses a PEM once so that signing thousands of calls does not re-read it each time. */
export function loadPrivateKey(pem: string): KeyObject {
  return createPrivateKey(pem);
}

export function loadPublicKey(pem: string): KeyObject {
  return createPublicKey(pem);
}
