import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fiveDigitOutcome, judgeLine } from "./judge.ts";
import {
  chainShots,
  commitmentOf,
  nextShotHash,
  pingpongNumberFromSeed,
  seqAtPlace,
  sha256Text,
  shotChainGenesis,
  shotCommitment,
  shotConcentration,
  verifyCommitment,
  verifySealedChain,
  verifyShotChain,
  YEEKEE_BONUS_PLACES,
  YEEKEE_MIN_SHOTS,
  yeekeeBonusPlaces,
  yeekeeResult,
  ZERO_HASH,
} from "./yeekee.ts";

const shot = (n: number) => n.toString().padStart(5, "0");
const oracle = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

describe("yeekeeResult", () => {
  it("sum 1,234,567,890, 16th-latest shot 51,876 → 1,234,516,014 → 16014 → 3-top 014, 2-top 14, 2-bottom 16", () => {
    // Shots summing to 1,234,567,890 with 51876 sixteenth from the latest: 12,345 shots of 99999, one of 28359,
    // then 51876 and 15 more of 99999 ... arranged so the arithmetic below holds.
    const rest = 1_234_567_890 - 51_876;
    const full = Math.floor(rest / 99_999);
    const shots = [...Array(full).fill("99999"), shot(rest - full * 99_999)];
    shots.splice(shots.length - 15, 0, "51876");
    expect(shots.reduce((s, x) => s + Number(x), 0)).toBe(1_234_567_890);
    expect(shots[shots.length - 16]).toBe("51876");

    const result = yeekeeResult(shots);
    expect(result).toEqual({ cancelled: false, number: "16014", sum: 1_234_567_890n, subtracted: "51876" });
    const outcome = fiveDigitOutcome("16014");
    expect([outcome.top3, outcome.top3.slice(1), outcome.bottom2]).toEqual(["014", "14", "16"]);
    expect(judgeLine("tengBon3", "014", outcome)).toBe(true);
  });

  it("subtracts the 16th shot counting back from the latest and pads to 5 digits", () => {
    const shots = Array.from({ length: 20 }, (_, i) => shot(i + 1)); // 1..20, sum 210; 16th-latest is 5
    expect(yeekeeResult(shots)).toEqual({
      cancelled: false,
      number: "00205",
      sum: 210n,
      subtracted: "00005",
    });
    // Order matters: the same shots reversed subtract 16 instead.
    expect(yeekeeResult([...shots].reverse())).toMatchObject({ number: "00194", subtracted: "00016" });
  });

  it("cancels a round with fewer than 20 shots", () => {
    expect(YEEKEE_MIN_SHOTS).toBe(20);
    expect(yeekeeResult(Array(19).fill("12345"))).toEqual({ cancelled: true, shots: 19 });
    expect(yeekeeResult([])).toEqual({ cancelled: true, shots: 0 });
    expect(yeekeeResult(Array(20).fill("12345")).cancelled).toBe(false);
  });

  it("refuses a malformed shot", () => {
    expect(() => yeekeeResult([...Array(19).fill("12345"), "1234"])).toThrow(RangeError);
    expect(() => yeekeeResult([...Array(19).fill("12345"), "123456"])).toThrow(RangeError);
  });

  it("matches the definition on any shot list", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 99_999 }), { minLength: 20, maxLength: 200 }),
        (numbers) => {
          const r = yeekeeResult(numbers.map(shot));
          const expected = numbers.reduce((s, n) => s + n, 0) - (numbers[numbers.length - 16] as number);
          return !r.cancelled && r.number === shot(expected % 100_000);
        },
      ),
    );
  });
});

describe("shooter bonus places", () => {
  it("are #1, the latest shot, and #16, the shot the result subtracts", () => {
    expect(YEEKEE_BONUS_PLACES).toEqual([1, 16]);
    expect(yeekeeBonusPlaces(20)).toEqual([
      { place: 1, seq: 20 },
      { place: 16, seq: 5 },
    ]);
    expect(yeekeeBonusPlaces(23)).toEqual([
      { place: 1, seq: 23 },
      { place: 16, seq: 8 },
    ]);
  });

  it("do not exist in a round under 20 shots (it is cancelled)", () => {
    for (const count of [0, 1, 15, 16, 19]) expect(yeekeeBonusPlaces(count), String(count)).toEqual([]);
    expect(yeekeeBonusPlaces(Number.NaN)).toEqual([]);
    expect(yeekeeBonusPlaces(20.5)).toEqual([]);
  });

  it("counts back from the latest: seqAtPlace", () => {
    expect(seqAtPlace(1, 1)).toBe(1);
    expect(seqAtPlace(100, 1)).toBe(100);
    expect(seqAtPlace(100, 16)).toBe(85);
    expect(seqAtPlace(16, 16)).toBe(1);
    expect(seqAtPlace(15, 16)).toBeNull();
    expect(seqAtPlace(10, 0)).toBeNull();
    expect(seqAtPlace(0, 1)).toBeNull();
  });

  it("place #16 is always the subtracted shot and place #1 the last one, on any shot list", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 99_999 }), { minLength: 20, maxLength: 200 }),
        (numbers) => {
          const shots = numbers.map(shot);
          const r = yeekeeResult(shots);
          const places = yeekeeBonusPlaces(shots.length);
          const at = (place: number) => shots[(places.find((p) => p.place === place)?.seq as number) - 1];
          return !r.cancelled && at(16) === r.subtracted && at(1) === shots.at(-1) && places.length === 2;
        },
      ),
    );
  });
});

describe("shot hash chain", () => {
  it("hashes with SHA-256, lowercase hex", async () => {
    expect(await sha256Text("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await nextShotHash(ZERO_HASH, "12345")).toBe(oracle(`${ZERO_HASH}:12345`));
    expect(await shotChainGenesis("yeekee-2025-01-15-073")).toBe(oracle("yeekee:yeekee-2025-01-15-073"));
  });

  it("verifies an intact chain and finds the first broken link", async () => {
    const genesis = await shotChainGenesis("yeekee-2025-01-15-001");
    const chain = await chainShots(["00001", "54321", "99999", "00000"], genesis);
    expect(chain[1]?.hash).toBe(oracle(`${chain[0]?.hash}:54321`));
    expect(await verifyShotChain(chain, genesis)).toEqual({ ok: true });
    expect(await verifyShotChain([], genesis)).toEqual({ ok: true });

    const edited = chain.map((l, i) => (i === 2 ? { ...l, shot: "99998" } : l));
    expect(await verifyShotChain(edited, genesis)).toEqual({ ok: false, brokenAt: 2 });
    const swapped = [chain[0], chain[2], chain[1], chain[3]] as typeof chain;
    expect(await verifyShotChain(swapped, genesis)).toEqual({ ok: false, brokenAt: 1 });
    expect(await verifyShotChain(chain.slice(1), genesis)).toEqual({ ok: false, brokenAt: 0 });
    // Another round's genesis: the chain does not carry over.
    expect(await verifyShotChain(chain)).toEqual({ ok: false, brokenAt: 0 });
    const upper = chain.map((l) => ({ ...l, hash: l.hash.toUpperCase() }));
    expect(await verifyShotChain(upper, genesis)).toEqual({ ok: true });
  });
});

describe("sealed shots", () => {
  const salt = "0123456789abcdef".repeat(2);

  it("commits to SHA-256 of 'ying:' + round, place, number and salt", async () => {
    expect(await shotCommitment(42, 7, "01234", salt)).toBe(oracle(`ying:42:7:01234:${salt}`));
    // The place and the round are inside: the same number and salt elsewhere give another commitment.
    expect(await shotCommitment(42, 8, "01234", salt)).not.toBe(await shotCommitment(42, 7, "01234", salt));
    expect(await shotCommitment(43, 7, "01234", salt)).not.toBe(await shotCommitment(42, 7, "01234", salt));
    await expect(shotCommitment(42, 7, "1234", salt)).rejects.toThrow(RangeError);
    await expect(shotCommitment(42, 7, "01234", "short")).rejects.toThrow(RangeError);
  });

  it("verifies a chain of commitments, mixed with shots from before sealing, and names the part that breaks", async () => {
    const genesis = await shotChainGenesis("yeekee-t");
    const legacy = {
      seq: 1,
      shot: "11111",
      salt: null,
      commitment: null,
      hash: await nextShotHash(genesis, "11111"),
    };
    const commitment = await shotCommitment(9, 2, "22222", salt);
    const sealed = {
      seq: 2,
      shot: "22222",
      salt,
      commitment,
      hash: await nextShotHash(legacy.hash, commitment),
    };
    expect(await verifySealedChain(9, [legacy, sealed], genesis)).toEqual({ ok: true });
    expect(await verifySealedChain(9, [legacy, { ...sealed, shot: "22223" }], genesis)).toEqual({
      ok: false,
      brokenAt: 1,
      why: "commitment",
    });
    expect(await verifySealedChain(9, [legacy, { ...sealed, hash: legacy.hash }], genesis)).toEqual({
      ok: false,
      brokenAt: 1,
      why: "hash",
    });
    // A salt without its commitment (or the other way round) is not a shot from before sealing.
    expect((await verifySealedChain(9, [legacy, { ...sealed, commitment: null }], genesis)).ok).toBe(false);
  });

  it("measures concentration: the most active shooter's share and the number of shooters", () => {
    expect(shotConcentration([])).toEqual({ shots: 0, distinct: 0, topCount: 0, topShare: 0 });
    expect(shotConcentration([1, 2, 1, 3, 1])).toEqual({ shots: 5, distinct: 3, topCount: 3, topShare: 0.6 });
  });
});

describe("ping-pong commit-reveal", () => {
  const seed = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

  it("derives the number from the first 8 bytes of SHA-256(seed bytes), mod 100000", async () => {
    const digest = createHash("sha256").update(Buffer.from(seed, "hex")).digest();
    const expected = (digest.readBigUInt64BE(0) % 100_000n).toString().padStart(5, "0");
    expect(await pingpongNumberFromSeed(seed)).toBe(expected);
    expect(await pingpongNumberFromSeed(seed.toUpperCase())).toBe(expected);
    expect(await pingpongNumberFromSeed(seed)).toMatch(/^[0-9]{5}$/);
  });

  it("commits to SHA-256 of 'commit:' + seed, which does not give the number away", async () => {
    const commitment = await commitmentOf(seed);
    expect(commitment).toBe(oracle(`commit:${seed}`));
    expect(commitment).not.toBe(oracle(Buffer.from(seed, "hex")));
    expect(await commitmentOf(seed.toUpperCase())).toBe(commitment);
    expect(await verifyCommitment(seed, commitment)).toBe(true);
    expect(await verifyCommitment(seed, commitment.toUpperCase())).toBe(true);
    expect(await verifyCommitment(`${seed.slice(0, -1)}0`, commitment)).toBe(false);
  });

  it("refuses a short or malformed seed", async () => {
    await expect(pingpongNumberFromSeed("abcd")).rejects.toThrow(RangeError);
    await expect(pingpongNumberFromSeed(`${seed}0`)).rejects.toThrow(RangeError);
    await expect(pingpongNumberFromSeed(seed.replace("a", "g"))).rejects.toThrow(RangeError);
    await expect(commitmentOf("")).rejects.toThrow(RangeError);
  });

  it("spreads numbers over the whole range", async () => {
    const numbers = new Set<string>();
    for (let i = 0; i < 200; i++) numbers.add(await pingpongNumberFromSeed(oracle(`seed ${i}`)));
    expect(numbers.size).toBeGreaterThan(195);
  });
});
