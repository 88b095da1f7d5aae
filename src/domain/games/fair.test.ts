import { createHash, createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CLIENT_SEED_MAX_LENGTH,
  CLIENT_SEED_PATTERN,
  FLOATS_PER_CURSOR,
  fairBytes,
  fairFloats,
  floatsFromBytes,
  isValidClientSeed,
  isValidNonce,
  isValidServerSeed,
  serverSeedCommitment,
  verifyServerSeed,
} from "./fair.ts";

// A fixed vector, computed once with node:crypto and checked by hand with
// `printf %s "lucky7:42:0" | openssl dgst -sha256 -mac HMAC -macopt hexkey:$SEED` (docs/games-fairness.md).
const SEED = "109bf614f7cbc7d4f0a672adef47128d0da1f4957bd6c86d06c8e1cf48f54915"; // SHA-256("LOTTOUP test vector")
const COMMITMENT = "cac59116f177ce5c4b3c5c3efcda641217e5646acbc825b624ece675e7fb27a4";
const HMAC_0 = "b5dbcd16175d61b383b61c0b9500fde85f2b9f533896c230f4f574f0c2309599"; // lucky7:42:0
const HMAC_1 = "29ee19d90dfd44ee976ba58f57be47b5796774e63811387e2f8001f989f91cac"; // lucky7:42:1

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const oracle = (seed: string, message: string) =>
  createHmac("sha256", Buffer.from(seed, "hex")).update(message, "utf8").digest();
const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString("hex"));
const clientSeedArb = fc.stringMatching(CLIENT_SEED_PATTERN);

describe("server seed commitment", () => {
  it("is SHA-256 of the seed's 32 bytes, not of its hex text", async () => {
    expect(await serverSeedCommitment(SEED)).toBe(COMMITMENT);
    expect(COMMITMENT).toBe(createHash("sha256").update(Buffer.from(SEED, "hex")).digest("hex"));
    expect(COMMITMENT).not.toBe(createHash("sha256").update(SEED).digest("hex"));
    // Upper-case hex is the same bytes, so the same commitment.
    expect(await serverSeedCommitment(SEED.toUpperCase())).toBe(COMMITMENT);
  });

  it("verifies the committed seed only, and answers false (never throws) for malformed input", async () => {
    expect(await verifyServerSeed(SEED, COMMITMENT)).toBe(true);
    expect(await verifyServerSeed(SEED, COMMITMENT.toUpperCase())).toBe(true);
    const other = `${SEED.slice(0, 63)}${SEED.endsWith("5") ? "6" : "5"}`;
    expect(await verifyServerSeed(other, COMMITMENT)).toBe(false);
    expect(await verifyServerSeed(SEED, HMAC_0)).toBe(false);
    expect(await verifyServerSeed(SEED.slice(2), COMMITMENT)).toBe(false);
    expect(await verifyServerSeed(SEED, COMMITMENT.slice(1))).toBe(false);
    expect(await verifyServerSeed(`${SEED.slice(0, 63)}g`, COMMITMENT)).toBe(false);
  });

  it("matches node:crypto for any 32-byte seed", async () => {
    await fc.assert(
      fc.asyncProperty(seedArb, async (seed) => {
        expect(await serverSeedCommitment(seed)).toBe(
          createHash("sha256").update(Buffer.from(seed, "hex")).digest("hex"),
        );
      }),
      { numRuns: 50 },
    );
  });

  it("refuses a seed that is not exactly 32 bytes of hex", async () => {
    for (const bad of ["", SEED.slice(2), `${SEED}00`, `${SEED.slice(0, 63)}x`, ` ${SEED.slice(1)}`])
      await expect(serverSeedCommitment(bad)).rejects.toThrow(RangeError);
  });
});

describe("seed and nonce rules", () => {
  it("a server seed is 64 hex digits", () => {
    expect(isValidServerSeed(SEED)).toBe(true);
    expect(isValidServerSeed(SEED.toUpperCase())).toBe(true);
    expect(isValidServerSeed(SEED.slice(1))).toBe(false);
    expect(isValidServerSeed(`${SEED}0`)).toBe(false);
    expect(isValidServerSeed(`0x${SEED.slice(2)}`)).toBe(false);
  });

  it("a client seed is 1-64 printable ASCII characters from '!' to '~' without ':'", () => {
    expect(CLIENT_SEED_MAX_LENGTH).toBe(64);
    for (const ok of ["a", "lucky7", "!", "~", "x".repeat(64), "Hello-World_2025!", ";<=>?@[]{}|"])
      expect(isValidClientSeed(ok)).toBe(true);
    for (const bad of [
      "",
      "x".repeat(65),
      "a:b",
      ":",
      " lucky",
      "lucky ",
      "a b",
      "ลุ้น",
      "a\tb",
      "a\u007f",
      "é",
    ])
      expect(isValidClientSeed(bad)).toBe(false);
    // Exactly the characters 0x21-0x7E minus ':' (0x3A) are allowed.
    for (let code = 0; code < 256; code++)
      expect(isValidClientSeed(String.fromCharCode(code))).toBe(
        code >= 0x21 && code <= 0x7e && code !== 0x3a,
      );
  });

  it("a nonce is a non-negative safe integer", () => {
    for (const ok of [0, 1, 42, Number.MAX_SAFE_INTEGER]) expect(isValidNonce(ok)).toBe(true);
    for (const bad of [-1, 0.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN, Number.POSITIVE_INFINITY, -0.1])
      expect(isValidNonce(bad)).toBe(false);
  });
});

describe("fairBytes", () => {
  it("is HMAC-SHA256 keyed by the seed's bytes over clientSeed:nonce:cursor (fixed vector)", async () => {
    expect(hex(await fairBytes(SEED, "lucky7", 42, 0))).toBe(HMAC_0);
    expect(hex(await fairBytes(SEED, "lucky7", 42, 1))).toBe(HMAC_1);
  });

  it("matches node:crypto's createHmac for any seeds, nonce and cursor", async () => {
    await fc.assert(
      fc.asyncProperty(
        seedArb,
        clientSeedArb,
        fc.nat(),
        fc.nat({ max: 100 }),
        async (seed, client, nonce, cursor) => {
          expect(hex(await fairBytes(seed, client, nonce, cursor))).toBe(
            oracle(seed, `${client}:${nonce}:${cursor}`).toString("hex"),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it("refuses malformed seeds, nonces and cursors instead of hashing them", async () => {
    await expect(fairBytes(SEED, "a:b", 0, 0)).rejects.toThrow(RangeError);
    await expect(fairBytes(SEED, "", 0, 0)).rejects.toThrow(RangeError);
    await expect(fairBytes(SEED, "ok", -1, 0)).rejects.toThrow(RangeError);
    await expect(fairBytes(SEED, "ok", 1.5, 0)).rejects.toThrow(RangeError);
    await expect(fairBytes(SEED, "ok", 0, -1)).rejects.toThrow(RangeError);
    await expect(fairBytes(SEED.slice(2), "ok", 0, 0)).rejects.toThrow(RangeError);
  });
});

describe("floatsFromBytes", () => {
  it("reads 4 bytes per float as b0/256 + b1/256² + b2/256³ + b3/256⁴", () => {
    expect(floatsFromBytes([0, 0, 0, 0])).toEqual([0]);
    expect(floatsFromBytes([128, 0, 0, 0])).toEqual([0.5]);
    expect(floatsFromBytes([0, 0, 0, 1])).toEqual([2 ** -32]);
    expect(floatsFromBytes([255, 255, 255, 255])).toEqual([1 - 2 ** -32]);
    expect(floatsFromBytes([1, 2, 3, 4, 64, 0, 0, 0])).toEqual([0x01020304 / 2 ** 32, 0.25]);
    expect(floatsFromBytes([])).toEqual([]);
  });

  it("is exactly the byte sum and always in [0, 1)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 4, maxLength: 4 }), ([b0, b1, b2, b3]) => {
        const [f] = floatsFromBytes([b0, b1, b2, b3] as number[]);
        expect(f).toBe(
          (b0 as number) / 256 +
            (b1 as number) / 256 ** 2 +
            (b2 as number) / 256 ** 3 +
            (b3 as number) / 256 ** 4,
        );
        expect(f).toBeGreaterThanOrEqual(0);
        expect(f).toBeLessThan(1);
      }),
    );
  });

  it("refuses a length that is not a multiple of 4 and values that are not bytes", () => {
    expect(() => floatsFromBytes([1, 2, 3])).toThrow(RangeError);
    expect(() => floatsFromBytes([1, 2, 3, 256])).toThrow(RangeError);
    expect(() => floatsFromBytes([1, 2, 3, -1])).toThrow(RangeError);
    expect(() => floatsFromBytes([1, 2, 3, 0.5])).toThrow(RangeError);
  });
});

describe("fairFloats", () => {
  it("gives the fixed vector's 8 floats from cursor 0, then cursor 1's", async () => {
    expect(FLOATS_PER_CURSOR).toBe(8);
    const floats = await fairFloats(SEED, "lucky7", 42, 9);
    expect(floats).toEqual([
      0xb5dbcd16 / 2 ** 32,
      0x175d61b3 / 2 ** 32,
      0x83b61c0b / 2 ** 32,
      0x9500fde8 / 2 ** 32,
      0x5f2b9f53 / 2 ** 32,
      0x3896c230 / 2 ** 32,
      0xf4f574f0 / 2 ** 32,
      0xc2309599 / 2 ** 32,
      0x29ee19d9 / 2 ** 32,
    ]);
    expect(floats[0]).toBe(0.7103851488791406);
    expect(floats[8]).toBe(0.16378938243724406);
  });

  it("matches floats read from node:crypto's HMACs, cursor after cursor", async () => {
    await fc.assert(
      fc.asyncProperty(
        seedArb,
        clientSeedArb,
        fc.nat(),
        fc.nat({ max: 30 }),
        async (seed, client, nonce, n) => {
          const bytes = Buffer.concat(
            Array.from({ length: Math.ceil(n / 8) }, (_, cursor) =>
              oracle(seed, `${client}:${nonce}:${cursor}`),
            ),
          );
          const expected = Array.from({ length: n }, (_, i) => bytes.readUInt32BE(i * 4) / 2 ** 32);
          expect(await fairFloats(seed, client, nonce, n)).toEqual(expected);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("fewer floats are a prefix of more: a game's first floats do not depend on how many it asks for", async () => {
    const many = await fairFloats(SEED, "lucky7", 7, 20);
    expect(await fairFloats(SEED, "lucky7", 7, 5)).toEqual(many.slice(0, 5));
    expect(await fairFloats(SEED, "lucky7", 7, 0)).toEqual([]);
    // Another nonce or client seed gives other floats.
    expect(await fairFloats(SEED, "lucky7", 8, 5)).not.toEqual(many.slice(0, 5));
    expect(await fairFloats(SEED, "lucky8", 7, 5)).not.toEqual(many.slice(0, 5));
  });

  it("refuses a negative or fractional count", async () => {
    await expect(fairFloats(SEED, "ok", 0, -1)).rejects.toThrow(RangeError);
    await expect(fairFloats(SEED, "ok", 0, 1.5)).rejects.toThrow(RangeError);
  });
});
