/** RSA 2048 key pairs in PEM, for tests, the end-to-end run and demo mode (never for production keys). */
import { generateKeyPair, generateKeyPairSync } from "node:crypto";

export interface KeyPairPem {
  /** PKCS#8 PEM. */
  privateKey: string;
  /** SPKI PEM ("BEGIN PUBLIC KEY"), what Hub88 and operators exchange. */
  publicKey: string;
}

const options = {
  modulusLength: 2048,
  publicKeyEncoding: { type: "spki", format: "pem" },
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
} as const;

export function generateKeyPairPem(): KeyPairPem {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", options);
  return { privateKey, publicKey };
}

/** The same without blocking the event loop (a 2048-bit key takes tens of milliseconds). */
export function generateKeyPairPemAsync(): Promise<KeyPairPem> {
  return new Promise((resolve, reject) => {
    generateKeyPair("rsa", options, (error, publicKey, privateKey) => {
      if (error) reject(error);
      else resolve({ privateKey, publicKey });
    });
  });
}
