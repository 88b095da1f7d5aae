/**
 * Yeekee shooting and the ping-pong draw (docs/rules.md "Yeekee shooting"). Both results can be recomputed by
 * anyone from public data: the shot list for yeekee, the revealed seed for ping-pong. Hashing uses Web Crypto
 * (`crypto.subtle`), present in browsers and in Node 24 alike, so the app can verify what the server published.
 */

export const YEEKEE_MIN_SHOTS = 20;
/** Shots one member may fire in one round (docs/results-api.md "Caps"): many accounts cost more than one. */
export const YING_MAX_SHOTS_PER_MEMBER = 10;
/** The shot subtracted from the sum: the 16th counting back from the latest (the latest is the 1st). */
export const YEEKEE_SUBTRACTED_PLACE = 16;

const SHOT = /^[0-9]{5}$/;

/** A shot is exactly 5 digits, 00000–99999. */
export function isValidShot(shot: string): boolean {
  return SHOT.test(shot);
}

export type YeekeeResult =
  | { cancelled: true; shots: number }
  | { cancelled: false; number: string; sum: bigint; subtracted: string };

/**
 * The yeekee result from the shots in the order they were received (oldest first): sum of all shots minus the
 * 16th shot counting back from the latest, last 5 digits, zero-padded. Fewer than 20 shots cancel the round
 * (every bet refunded). Throws on a malformed shot: the server accepts only valid ones.
 */
export function yeekeeResult(shots: readonly string[]): YeekeeResult {
  for (const shot of shots)
    if (!isValidShot(shot)) throw new RangeError(`not a shot: ${JSON.stringify(shot)}`);
  if (shots.length < YEEKEE_MIN_SHOTS) return { cancelled: true, shots: shots.length };
  let sum = 0n;
  for (const shot of shots) sum += BigInt(shot);
  const subtracted = shots[shots.length - YEEKEE_SUBTRACTED_PLACE] as string;
  // The subtracted shot is part of the sum, so the difference is never negative.
  const number = ((sum - BigInt(subtracted)) % 100_000n).toString().padStart(5, "0");
  return { cancelled: false, number, sum, subtracted };
}

/**
 * The places rewarded with the shooter bonus (docs/rules.md "Yeekee shooting"), counted back from the latest
 * shot like the subtracted one: #1 is the latest shot, #16 the one the result subtracts.
 */
export const YEEKEE_BONUS_PLACES = [1, YEEKEE_SUBTRACTED_PLACE] as const;
export type YeekeeBonusPlace = (typeof YEEKEE_BONUS_PLACES)[number];

/** The seq (1 = the first shot) of the shot at `place` counting back from the latest of `count`; null if none. */
export function seqAtPlace(count: number, place: number): number | null {
  if (!Number.isInteger(count) || !Number.isInteger(place) || place < 1) return null;
  const seq = count - place + 1;
  return seq >= 1 ? seq : null;
}

/**
 * The shots in the bonus places of a round of `count` shots, place #1 first. None under YEEKEE_MIN_SHOTS: such
 * a round is cancelled, and a cancelled round has no places.
 */
export function yeekeeBonusPlaces(count: number): { place: YeekeeBonusPlace; seq: number }[] {
  if (!Number.isInteger(count) || count < YEEKEE_MIN_SHOTS) return [];
  return YEEKEE_BONUS_PLACES.map((place) => ({ place, seq: seqAtPlace(count, place) as number }));
}

const encoder = new TextEncoder();

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", bytes));
}

/** Lowercase hex SHA-256 of a text's UTF-8 bytes. */
export function sha256Text(text: string): Promise<string> {
  return sha256(encoder.encode(text));
}

/** The hash before the first shot of a chain that was not given its own genesis. */
export const ZERO_HASH = "0".repeat(64);

/**
 * A round's own chain start, so one round's chain cannot pass for another's: SHA-256 of "yeekee:" + betType.
 */
export function shotChainGenesis(betType: string): Promise<string> {
  return sha256Text(`yeekee:${betType}`);
}

/**
 * The next link of the shot chain: SHA-256 of `${prevHash}:${shot}` (UTF-8, lowercase hex). Each published hash
 * fixes every shot before it and their order, which is all the result depends on.
 */
export function nextShotHash(prevHash: string, shot: string): Promise<string> {
  return sha256Text(`${prevHash}:${shot}`);
}

export interface ChainedShot {
  shot: string;
  hash: string;
}

/** Chain `shots` from `genesis`. */
export async function chainShots(shots: readonly string[], genesis = ZERO_HASH): Promise<ChainedShot[]> {
  const out: ChainedShot[] = [];
  let hash = genesis;
  for (const shot of shots) {
    hash = await nextShotHash(hash, shot);
    out.push({ shot, hash });
  }
  return out;
}

/** Whether every link holds; `brokenAt` is the first shot whose hash does not follow (or whose shot is invalid). */
export async function verifyShotChain(
  shots: readonly ChainedShot[],
  genesis = ZERO_HASH,
): Promise<{ ok: true } | { ok: false; brokenAt: number }> {
  let hash = genesis;
  for (const [i, link] of shots.entries()) {
    if (!isValidShot(link.shot) || (await nextShotHash(hash, link.shot)) !== link.hash.toLowerCase())
      return { ok: false, brokenAt: i };
    hash = link.hash.toLowerCase();
  }
  return { ok: true };
}

/**
 * Sealed shooting (docs/results-api.md "Sealed shooting"). While a round is open nobody sees a shot's number:
 * each shot is published as a commitment, and the chain links commitments, never numbers (a chain over bare
 * 5-digit numbers could be reversed by trying all 100,000 values). At the draw every number and salt is revealed,
 * so anyone checks each commitment, the chain and the result.
 * - salt: YING_SALT_BYTES random bytes, lowercase hex, chosen by the server for each shot and given to the shooter;
 * - commitment: SHA-256 of the UTF-8 text `ying:${betId}:${seq}:${shot}:${salt}` (the round and the place are
 *   inside, so a commitment cannot be moved to another round or place);
 * - chain link: `nextShotHash(prevHash, commitment)`. Shots taken before sealing existed (no commitment) link
 *   their number, `nextShotHash(prevHash, shot)`, as they always did.
 */
export const YING_SALT_BYTES = 16;
const SALT = /^[0-9a-f]{32}$/;
const HASH = /^[0-9a-f]{64}$/;

export function isValidSalt(salt: string): boolean {
  return SALT.test(salt);
}

export async function shotCommitment(
  betId: number | bigint | string,
  seq: number,
  shot: string,
  salt: string,
) {
  if (!isValidShot(shot)) throw new RangeError(`not a shot: ${JSON.stringify(shot)}`);
  if (!isValidSalt(salt)) throw new RangeError("a salt is 16 bytes of lowercase hex");
  return sha256Text(`ying:${betId}:${seq}:${shot}:${salt}`);
}

/** A published shot as the verification checks it; `salt` and `commitment` are null for shots before sealing. */
export interface PublishedShot {
  seq: number;
  shot: string;
  salt: string | null;
  commitment: string | null;
  hash: string;
}

/**
 * Whether every shot's commitment recomputes from its revealed number and salt, and every hash follows from the
 * one before and the shot's commitment (or number, before sealing). `brokenAt` is the index of the first shot
 * that does not hold; `why` says which part.
 */
export async function verifySealedChain(
  betId: number | bigint | string,
  shots: readonly PublishedShot[],
  genesis: string,
): Promise<{ ok: true } | { ok: false; brokenAt: number; why: "commitment" | "hash" }> {
  let hash = genesis.toLowerCase();
  for (const [i, s] of shots.entries()) {
    if (!isValidShot(s.shot)) return { ok: false, brokenAt: i, why: "commitment" };
    let link = s.shot;
    if (s.commitment !== null || s.salt !== null) {
      if (
        s.commitment === null ||
        s.salt === null ||
        !HASH.test(s.commitment.toLowerCase()) ||
        !isValidSalt(s.salt) ||
        (await shotCommitment(betId, s.seq, s.shot, s.salt)) !== s.commitment.toLowerCase()
      )
        return { ok: false, brokenAt: i, why: "commitment" };
      link = s.commitment.toLowerCase();
    }
    if ((await nextShotHash(hash, link)) !== s.hash.toLowerCase())
      return { ok: false, brokenAt: i, why: "hash" };
    hash = s.hash.toLowerCase();
  }
  return { ok: true };
}

/**
 * How concentrated a round's shooting was: `shooters` names each shot's shooter (any label, one per member, in
 * shot order). `topShare` is the share of shots (0–1) fired by the most active shooter.
 */
export function shotConcentration(shooters: readonly (string | number)[]) {
  const counts = new Map<string | number, number>();
  for (const s of shooters) counts.set(s, (counts.get(s) ?? 0) + 1);
  let topCount = 0;
  for (const n of counts.values()) topCount = Math.max(topCount, n);
  return {
    shots: shooters.length,
    distinct: counts.size,
    topCount,
    topShare: shooters.length === 0 ? 0 : topCount / shooters.length,
  };
}

/**
 * Ping-pong commit-reveal. Before the round opens the server publishes commitmentOf(seed); after it closes it
 * reveals the seed, and anyone checks the commitment and recomputes the number.
 *
 * The number and the commitment hash different inputs on purpose: if the commitment were SHA-256(seed) and the
 * number came from SHA-256(seed) too, the published commitment would give the number away before betting closed.
 * - number: SHA-256 of the seed's bytes; its first 8 bytes as an unsigned big-endian integer, mod 100000,
 *   zero-padded to 5 digits (the modulo bias is 2^64 mod 10^5 values in 2^64: nil);
 * - commitment: SHA-256 of the UTF-8 text "commit:" + the seed in lowercase hex.
 * Check by hand: `printf %s "$SEED" | xxd -r -p | sha256sum` and `printf 'commit:%s' "$SEED" | sha256sum`.
 *
 * A seed is at least 32 random bytes (64 hex digits), so nobody can search seeds for the committed hash.
 */
export const PINGPONG_SEED_MIN_BYTES = 32;

function seedBytes(seedHex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(seedHex) || seedHex.length < PINGPONG_SEED_MIN_BYTES * 2)
    throw new RangeError(`a seed is at least ${PINGPONG_SEED_MIN_BYTES} bytes of hex`);
  const bytes = new Uint8Array(seedHex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(seedHex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export async function pingpongNumberFromSeed(seedHex: string): Promise<string> {
  const digest = await sha256(seedBytes(seedHex));
  return (BigInt(`0x${digest.slice(0, 16)}`) % 100_000n).toString().padStart(5, "0");
}

export async function commitmentOf(seedHex: string): Promise<string> {
  seedBytes(seedHex);
  return sha256Text(`commit:${seedHex.toLowerCase()}`);
}

/** Whether a revealed seed matches the commitment published before the round. */
export async function verifyCommitment(seedHex: string, commitment: string): Promise<boolean> {
  return (await commitmentOf(seedHex)) === commitment.toLowerCase();
}
