import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { isValidSalt, isValidShot } from "../../../src/domain/lotto/index.ts";

/**
 * The draw secrets that are not in the database (docs/security.md "Draws"). One configured key, DRAW_SEED_KEY
 * (Config.drawSeedKey), gives two keys by HMAC-SHA256 with a fixed label each, so one purpose can never stand in
 * for the other:
 * - ping-pong seeds: HMAC-SHA256(seedKey, "pingpong:" + betType), 32 bytes, hex. The betType is unique per
 *   round and known before the row exists, so the commitment is published at creation exactly as before, and
 *   nothing secret is stored: whoever reads the database or a backup learns no seed.
 * - open yeekee shots: AES-256-GCM with the seal key, the round and the seq as additional data (a sealed shot
 *   cannot be moved to another round or place). An insider who can read the database during the round sees
 *   ciphertext, not numbers, so cannot compute the running result.
 * Changing the key while rounds are undecided makes their seeds and sealed shots unreadable: the draw then raises
 * its alarm and leaves the round for staff (who cancel it: every bet refunded). Rotate only between draws.
 */

/** The demo mode's key: public, labelled, refused in production (server/config.ts). */
export const DEMO_DRAW_SEED_KEY = "demo-only-draw-seed-key-public-never-use-in-production";

const subKey = (key: string, purpose: string) =>
  createHmac("sha256", key).update(`lottoup:${purpose}`).digest();

/** A ping-pong round's seed (64 hex digits), derived from its betType. */
export function pingpongSeed(key: string, betType: string): string {
  return createHmac("sha256", subKey(key, "pingpong-seed")).update(`pingpong:${betType}`).digest("hex");
}

const SEALED = /^v1\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/;

/**
 * AES-256-GCM under the sub-key of `purpose`, bound to `aad` (the place the secret belongs to). Also used by the
 * LOTTOUP Originals provider (server/modules/games/originals/seeds.ts) for its server seeds and in-flight tokens,
 * under purposes of its own.
 */
export function seal(key: string, purpose: string, aad: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", subKey(key, purpose), iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  const b64 = (b: Buffer) => b.toString("base64url");
  return `v1.${b64(iv)}.${b64(body)}.${b64(cipher.getAuthTag())}`;
}

/** The sealed text, or null when it was not sealed with this key for this place (or was altered). */
export function unseal(key: string, purpose: string, aad: string, sealed: string): string | null {
  const parts = SEALED.exec(sealed);
  if (!parts) return null;
  try {
    const decipher = createDecipheriv(
      "aes-256-gcm",
      subKey(key, purpose),
      Buffer.from(parts[1] as string, "base64url"),
    );
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(Buffer.from(parts[3] as string, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(parts[2] as string, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
}

const shotPlace = (roundId: bigint, seq: number) => `ying:${roundId}:${seq}`;

/** An open shot's number and salt as stored until the draw. */
export function sealShot(key: string, roundId: bigint, seq: number, shot: { number: string; salt: string }) {
  return seal(key, "ying-seal", shotPlace(roundId, seq), `${shot.number}:${shot.salt}`);
}

export function openShot(
  key: string,
  roundId: bigint,
  seq: number,
  sealed: string,
): { number: string; salt: string } | null {
  const text = unseal(key, "ying-seal", shotPlace(roundId, seq), sealed);
  const [number = "", salt = ""] = text?.split(":") ?? [];
  return text !== null && isValidShot(number) && isValidSalt(salt) ? { number, salt } : null;
}

/** A seed stored in plaintext before DRAW_SEED_KEY existed, sealed in place by sealLegacySeeds (rounds.ts). */
export function sealSeed(key: string, roundId: bigint, seed: string): string {
  return seal(key, "legacy-seed", `pingpong:${roundId}`, seed);
}

export function openSeed(key: string, roundId: bigint, sealed: string): string | null {
  return unseal(key, "legacy-seed", `pingpong:${roundId}`, sealed);
}
