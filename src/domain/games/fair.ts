/**
 * Provably fair randomness for the LOTTOUP Originals (docs/games-fairness.md), the scheme players know from other
 * crypto-style casinos so that their existing verifiers work unchanged:
 * - the server picks a secret server seed and publishes its commitment, SHA-256 of the seed's bytes, before any
 *   bet is made with it;
 * - the player picks (or accepts) a client seed, so the server cannot have searched for a seed that is bad for this
 *   player in particular;
 * - each round uses the next nonce (0, 1, 2 ...) of the seed pair, and each HMAC of a round the next cursor;
 * - random bytes are HMAC-SHA256 with the seed's bytes as key over `${clientSeed}:${nonce}:${cursor}`;
 * - when the pair is rotated the seed is revealed and every round played with it can be recomputed.
 * A seed pair serves one game: baccarat shuffles its shoe from nonce 0, so a dice round at nonce 0 of the same pair
 * would read the very floats of that shuffle.
 *
 * Games take floats in [0, 1) and are synchronous; only this layer touches Web Crypto (`crypto.subtle`, present in
 * browsers and Node 24 alike), so the app can verify exactly what the server computed.
 */

/** A server seed is exactly this many random bytes: enough that nobody can search seeds for a commitment. */
export const SERVER_SEED_BYTES = 32;
/** Bytes of one HMAC-SHA256: one cursor's worth of randomness. */
export const FAIR_BYTES_PER_CURSOR = 32;
/** Each float takes 4 bytes (32 bits: every float is a multiple of 2^-32). */
export const BYTES_PER_FLOAT = 4;
export const FLOATS_PER_CURSOR = FAIR_BYTES_PER_CURSOR / BYTES_PER_FLOAT;

export const CLIENT_SEED_MAX_LENGTH = 64;
/**
 * A client seed is 1 to 64 characters from '!' (0x21) to '~' (0x7E) except ':'. The colon separates the fields of
 * the HMAC message, so a seed holding one could make two different (seed, nonce) pairs hash the same text; a space
 * is refused because leading and trailing ones vanish when a player copies the seed into a verifier. Plain ASCII
 * keeps the message's UTF-8 bytes equal to its characters, so a hand verification cannot disagree on encoding.
 */
export const CLIENT_SEED_PATTERN = /^[!-9;-~]{1,64}$/;

const SERVER_SEED = /^[0-9a-fA-F]{64}$/;
const HASH = /^[0-9a-fA-F]{64}$/;

/** Whether a server seed is 32 bytes written as 64 hex digits (either case: the bytes are what count). */
export function isValidServerSeed(serverSeedHex: string): boolean {
  return SERVER_SEED.test(serverSeedHex);
}

/** Whether a client seed follows CLIENT_SEED_PATTERN. */
export function isValidClientSeed(clientSeed: string): boolean {
  return CLIENT_SEED_PATTERN.test(clientSeed);
}

/** Whether a nonce (or cursor) is a whole number from 0 that prints in decimal exactly (a safe integer). */
export function isValidNonce(nonce: number): boolean {
  return Number.isSafeInteger(nonce) && nonce >= 0;
}

/** The seeds and nonce of one round: everything its outcome depends on, and nothing about who played it. */
export interface FairRound {
  serverSeedHex: string;
  clientSeed: string;
  nonce: number;
}

function seedBytes(serverSeedHex: string): Uint8Array<ArrayBuffer> {
  if (!isValidServerSeed(serverSeedHex))
    throw new RangeError(
      `a server seed is ${SERVER_SEED_BYTES} bytes as ${SERVER_SEED_BYTES * 2} hex digits`,
    );
  const bytes = new Uint8Array(SERVER_SEED_BYTES);
  for (let i = 0; i < bytes.length; i++)
    bytes[i] = Number.parseInt(serverSeedHex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The commitment published before a seed is used: lowercase hex SHA-256 of the seed's 32 bytes (not of its hex
 * text), so `printf %s "$SEED" | xxd -r -p | sha256sum` checks it by hand.
 */
export async function serverSeedCommitment(serverSeedHex: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", seedBytes(serverSeedHex)));
}

/** Whether a revealed seed is the one committed to; false for a malformed seed or commitment (never throws). */
export async function verifyServerSeed(serverSeedHex: string, commitment: string): Promise<boolean> {
  if (!isValidServerSeed(serverSeedHex) || !HASH.test(commitment)) return false;
  return (await serverSeedCommitment(serverSeedHex)) === commitment.toLowerCase();
}

const encoder = new TextEncoder();

function checkRound(clientSeed: string, nonce: number) {
  if (!isValidClientSeed(clientSeed)) throw new RangeError("a client seed is 1-64 of '!'-'~' without ':'");
  if (!isValidNonce(nonce)) throw new RangeError("a nonce is a non-negative safe integer");
}

async function hmacKey(serverSeedHex: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", seedBytes(serverSeedHex), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
}

async function hmac(key: CryptoKey, clientSeed: string, nonce: number, cursor: number): Promise<Uint8Array> {
  return new Uint8Array(
    await crypto.subtle.sign("HMAC", key, encoder.encode(`${clientSeed}:${nonce}:${cursor}`)),
  );
}

/**
 * The 32 random bytes of one cursor of a round: HMAC-SHA256, key = the server seed's bytes, message = the UTF-8
 * text `${clientSeed}:${nonce}:${cursor}`. By hand:
 * `printf %s "$CLIENT:$NONCE:$CURSOR" | openssl dgst -sha256 -mac HMAC -macopt hexkey:$SEED`.
 */
export async function fairBytes(
  serverSeedHex: string,
  clientSeed: string,
  nonce: number,
  cursor: number,
): Promise<Uint8Array> {
  checkRound(clientSeed, nonce);
  if (!isValidNonce(cursor)) throw new RangeError("a cursor is a non-negative safe integer");
  return hmac(await hmacKey(serverSeedHex), clientSeed, nonce, cursor);
}

/**
 * Floats in [0, 1) from bytes, 4 bytes each: b0/256 + b1/256² + b2/256³ + b3/256⁴, i.e. the big-endian 32-bit
 * integer over 2^32, which a double holds exactly. Synchronous so that games (and their tests) need no crypto.
 */
export function floatsFromBytes(bytes: ArrayLike<number>): number[] {
  if (bytes.length % BYTES_PER_FLOAT !== 0)
    throw new RangeError(`floats take ${BYTES_PER_FLOAT} bytes each; got ${bytes.length} bytes`);
  const floats: number[] = [];
  for (let i = 0; i < bytes.length; i += BYTES_PER_FLOAT) {
    let word = 0;
    for (let k = 0; k < BYTES_PER_FLOAT; k++) {
      const b = bytes[i + k] as number;
      if (!Number.isInteger(b) || b < 0 || b > 255) throw new RangeError("not a byte");
      word = word * 256 + b;
    }
    floats.push(word / 2 ** 32);
  }
  return floats;
}

/**
 * The first `count` floats of a round: 8 from each cursor's HMAC, cursors 0, 1, 2 ... as many as needed, in order
 * (cursor 0's floats first). Only the needed cursors are computed, so a game that asks for fewer floats than
 * another still gets the same first ones.
 */
export async function fairFloats(
  serverSeedHex: string,
  clientSeed: string,
  nonce: number,
  count: number,
): Promise<number[]> {
  checkRound(clientSeed, nonce);
  if (!isValidNonce(count)) throw new RangeError("a float count is a non-negative safe integer");
  const key = await hmacKey(serverSeedHex);
  const cursors = Math.ceil(count / FLOATS_PER_CURSOR);
  const floats: number[] = [];
  for (let cursor = 0; cursor < cursors; cursor++)
    floats.push(...floatsFromBytes(await hmac(key, clientSeed, nonce, cursor)));
  return floats.slice(0, count);
}
