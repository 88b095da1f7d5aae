import { afterEach, describe, expect, it, vi } from "vitest";
import {
  chainShots,
  commitmentOf,
  nextShotHash,
  pingpongNumberFromSeed,
  shotChainGenesis,
  shotCommitment,
  yeekeeResult,
} from "../../domain/lotto/index.ts";
import { stubStorage } from "../../test/storage.ts";
import {
  addReceipts,
  loadReceipts,
  mayAskResult,
  mergeShots,
  randomShot,
  receiptsOfMine,
  shootBlock,
  shootingCloseMs,
  shotOfMessage,
  shotsLeft,
  shotsNeeded,
} from "./shots.ts";
import { allPassed, anyFailed, findShotByHash, verifyPingpong, verifyYeekee } from "./verify.ts";
import type { PingpongPublication, YeekeePublication, YingItem } from "./yeekeeApi.ts";

const BET_TYPE = "yeekee5min-2026-11-21-100";

/** A round's publication as the server would give it: `count` shots chained from the round's genesis. */
async function published(count: number, betType = BET_TYPE): Promise<YeekeePublication> {
  const numbers = Array.from({ length: count }, (_, i) =>
    String((i * 7919 + 12345) % 100_000).padStart(5, "0"),
  );
  const genesis = await shotChainGenesis(betType);
  const chained = await chainShots(numbers, genesis);
  const result = yeekeeResult(numbers);
  return {
    betId: 7,
    betGroup: "yeekee5Min",
    betType,
    kind: "yeekee",
    genesis,
    shots: chained.map((c, i) => ({ seq: i + 1, yingNumber: c.shot, hash: c.hash })),
    result: result.cancelled
      ? { status: "cancelled", number: null }
      : { status: "resulted", number: result.number },
  };
}

/**
 * A sealed round's publication after the draw: every shot with its revealed salt and the commitment the chain
 * linked while it was open; shooter k fired shots k, k+3, k+6 … (3 shooters).
 */
async function sealedPublication(count: number): Promise<YeekeePublication> {
  const genesis = await shotChainGenesis(BET_TYPE);
  const shots: YeekeePublication["shots"] = [];
  let hash = genesis;
  for (let seq = 1; seq <= count; seq++) {
    const yingNumber = String((seq * 4241 + 777) % 100_000).padStart(5, "0");
    const salt = seq.toString(16).padStart(32, "0");
    const commitment = await shotCommitment(7, seq, yingNumber, salt);
    hash = await nextShotHash(hash, commitment);
    shots.push({ seq, yingNumber, salt, commitment, hash, shooter: ((seq - 1) % 3) + 1 });
  }
  const result = yeekeeResult(shots.map((s) => s.yingNumber));
  return {
    betId: 7,
    betGroup: "yeekee5Min",
    betType: BET_TYPE,
    kind: "yeekee",
    genesis,
    shots,
    result: result.cancelled
      ? { status: "cancelled", number: null }
      : { status: "resulted", number: result.number },
  };
}

const state = (checks: readonly { id: string; state: string }[]) =>
  Object.fromEntries(checks.map((c) => [c.id, c.state]));

describe("verifying a yeekee round in the browser", () => {
  it("passes every check on an honest publication and recomputes the published number", async () => {
    const publication = await published(25);
    const report = await verifyYeekee(publication);
    expect(state(report.checks)).toEqual({
      genesis: "pass",
      sequence: "pass",
      chain: "pass",
      result: "pass",
    });
    expect(allPassed(report.checks)).toBe(true);
    expect(report.recomputed).toMatchObject({ cancelled: false, number: publication.result?.number });
  });

  it("accepts the list in any order: it is checked by place", async () => {
    const publication = await published(21);
    const report = await verifyYeekee({ ...publication, shots: [...publication.shots].reverse() });
    expect(allPassed(report.checks)).toBe(true);
  });

  it("fails the result when the published number is not the one the list gives", async () => {
    const publication = await published(20);
    const number = publication.result?.number as string;
    const other = String((Number(number) + 1) % 100_000).padStart(5, "0");
    const report = await verifyYeekee({ ...publication, result: { status: "resulted", number: other } });
    expect(state(report.checks).result).toBe("fail");
    expect(anyFailed(report.checks)).toBe(true);
  });

  it("finds a changed shot: the chain breaks at that shot", async () => {
    const publication = await published(30);
    const shots = publication.shots.map((s) => (s.seq === 12 ? { ...s, yingNumber: "99999" } : s));
    const report = await verifyYeekee({ ...publication, shots });
    expect(report.checks.find((c) => c.id === "chain")).toMatchObject({ state: "fail", brokenAtSeq: 12 });
  });

  it("finds a shot left out: the list has a gap and the chain breaks after it", async () => {
    const publication = await published(30);
    const shots = publication.shots.filter((s) => s.seq !== 5);
    const report = await verifyYeekee({ ...publication, shots });
    expect(report.checks.find((c) => c.id === "sequence")).toMatchObject({ state: "fail", firstBad: 5 });
    expect(report.checks.find((c) => c.id === "chain")).toMatchObject({ state: "fail", brokenAtSeq: 6 });
  });

  it("refuses a chain started from another round's genesis, even when it is consistent", async () => {
    const other = await published(20, "yeekee5min-2026-11-21-101");
    const report = await verifyYeekee({ ...other, betType: BET_TYPE });
    expect(state(report.checks)).toMatchObject({ genesis: "fail", chain: "fail" });
  });

  it("passes a round of fewer than 20 shots only when it was published as cancelled", async () => {
    const cancelled = await published(12);
    expect(state((await verifyYeekee(cancelled)).checks).result).toBe("pass");
    const claimed = await verifyYeekee({ ...cancelled, result: { status: "resulted", number: "12345" } });
    expect(state(claimed.checks).result).toBe("fail");
  });

  it("waits (does not fail) while the result is not out", async () => {
    const publication = await published(22);
    const report = await verifyYeekee({ ...publication, result: { status: "waiting", number: null } });
    expect(state(report.checks).result).toBe("pending");
    expect(allPassed(report.checks)).toBe(false);
    expect(anyFailed(report.checks)).toBe(false);
  });

  it("checks the member's receipts: each at its place with its hash", async () => {
    const publication = await published(20);
    const shot = publication.shots[8] as { seq: number; yingNumber: string; hash: string };
    const receipt = { betId: 7, seq: shot.seq, yingNumber: shot.yingNumber, hash: shot.hash, createdAt: "x" };
    const ok = await verifyYeekee(publication, [receipt]);
    expect(ok.checks.find((c) => c.id === "receipts")).toMatchObject({ state: "pass", total: 1 });
    // The same receipt at another place: the list was reordered after the member shot.
    const moved = await verifyYeekee(publication, [{ ...receipt, seq: shot.seq + 1 }]);
    expect(moved.checks.find((c) => c.id === "receipts")).toMatchObject({ state: "fail" });
  });

  it("checks a sealed round: every revealed number and salt gives its commitment, and the chain links the commitments", async () => {
    const publication = await sealedPublication(21);
    const report = await verifyYeekee(publication);
    expect(report.checks.map((c) => c.state)).toEqual(["pass", "pass", "pass", "pass"]);
    // A number changed at the reveal (its salt, commitment and hash left as they were): caught at that shot.
    const shots = publication.shots.map((s) => (s.seq === 5 ? { ...s, yingNumber: "00000" } : s));
    const changed = await verifyYeekee({ ...publication, shots });
    expect(changed.checks.find((c) => c.id === "chain")).toMatchObject({
      state: "fail",
      brokenAtSeq: 5,
      why: "commitment",
    });
    // A salt changed: the same.
    const salted = publication.shots.map((s) => (s.seq === 9 ? { ...s, salt: "f".repeat(32) } : s));
    expect(
      (await verifyYeekee({ ...publication, shots: salted })).checks.find((c) => c.id === "chain"),
    ).toMatchObject({ state: "fail", brokenAtSeq: 9 });
  });

  it("checks the member's receipts of sealed shots: number, salt and commitment at their place", async () => {
    const publication = await sealedPublication(20);
    const shot = publication.shots[6] as Required<YeekeePublication["shots"][number]>;
    const receipt = {
      betId: 7,
      seq: shot.seq,
      yingNumber: shot.yingNumber,
      salt: shot.salt as string,
      commitment: shot.commitment as string,
      hash: shot.hash,
      createdAt: "t",
    };
    const ok = await verifyYeekee(publication, [receipt]);
    expect(ok.checks.find((c) => c.id === "receipts")).toMatchObject({ state: "pass", total: 1 });
    // The list revealed another salt for the member's shot than the one they were given: it fails.
    const other = publication.shots.map((s) => (s.seq === shot.seq ? { ...s, salt: "e".repeat(32) } : s));
    const bad = await verifyYeekee({ ...publication, shots: other }, [receipt]);
    expect(bad.checks.find((c) => c.id === "receipts")).toMatchObject({ state: "fail", missing: [receipt] });
  });

  it("recomputes the concentration from the shooters' labels: the most active one's share and how many shot", async () => {
    const report = await verifyYeekee(await sealedPublication(20));
    // 20 shots over 3 shooters: 7, 7 and 6.
    expect(report.concentration).toEqual({ shots: 20, distinct: 3, topCount: 7, topShare: 7 / 20 });
    expect((await verifyYeekee(await published(20))).concentration).toBeNull();
  });

  it("finds a shot by a pasted receipt hash, whatever its case and spacing", async () => {
    const publication = await published(20);
    const shot = publication.shots[3] as { seq: number; hash: string };
    expect(findShotByHash(publication.shots, ` ${shot.hash.toUpperCase()} `)?.seq).toBe(shot.seq);
    expect(findShotByHash(publication.shots, "0".repeat(64))).toBeNull();
    expect(findShotByHash(publication.shots, "not a hash")).toBeNull();
  });
});

describe("verifying a ping-pong round in the browser", () => {
  const seed = "3f".repeat(32);

  async function pingpong(overrides: Partial<PingpongPublication> = {}): Promise<PingpongPublication> {
    return {
      betId: 9,
      betGroup: "pingpong",
      betType: "pingpong-2026-11-21-005",
      kind: "pingpong",
      commitment: await commitmentOf(seed),
      seed,
      result: { status: "resulted", number: await pingpongNumberFromSeed(seed) },
      ...overrides,
    };
  }

  it("passes when the seed matches the commitment and gives the published number", async () => {
    const report = await verifyPingpong(await pingpong());
    expect(state(report.checks)).toEqual({ seed: "pass", commitment: "pass", number: "pass" });
    expect(report.recomputed).toBe(await pingpongNumberFromSeed(seed));
  });

  it("fails a seed swapped after the commitment", async () => {
    const report = await verifyPingpong(await pingpong({ seed: "40".repeat(32) }));
    expect(state(report.checks).commitment).toBe("fail");
  });

  it("fails a published number the seed does not give", async () => {
    const number = await pingpongNumberFromSeed(seed);
    const wrong = String((Number(number) + 1) % 100_000).padStart(5, "0");
    const report = await verifyPingpong(await pingpong({ result: { status: "resulted", number: wrong } }));
    expect(state(report.checks)).toEqual({ seed: "pass", commitment: "pass", number: "fail" });
  });

  it("waits while the seed is secret, and fails a malformed one", async () => {
    const secret = await verifyPingpong(await pingpong({ seed: null, result: null }));
    expect(state(secret.checks)).toEqual({ seed: "pending", commitment: "pending", number: "pending" });
    const malformed = await verifyPingpong(await pingpong({ seed: "zz" }));
    expect(state(malformed.checks)).toMatchObject({ commitment: "fail", number: "fail" });
  });
});

describe("the shooting screen's helpers", () => {
  afterEach(() => vi.unstubAllGlobals());

  const item = (seq: number, extra: Partial<YingItem> = {}): YingItem => ({
    seq,
    yingNumber: String(seq).padStart(5, "0"),
    userName: "so***ai",
    createdAt: "2026-11-21T10:00:00Z",
    hash: "a".repeat(64),
    ...extra,
  });

  it("keeps the board newest first, each shot once, and what the list knew about `mine`", () => {
    const board = mergeShots([item(3, { mine: true }), item(1)], [item(2), item(3), item(4)], 3);
    expect(board.map((s) => s.seq)).toEqual([4, 3, 2]);
    expect(board[1]?.mine).toBe(true);
  });

  it("reads a pushed shot of this round only", () => {
    const message = { betId: 7, seq: 5, yingNumber: "01234", userName: "ab***cd", createdAt: "t", hash: "h" };
    expect(shotOfMessage(message, 7)).toMatchObject({ seq: 5, yingNumber: "01234" });
    expect(shotOfMessage({ ...message, betId: "7" }, 7)).not.toBeNull();
    expect(shotOfMessage({ ...message, betId: 8 }, 7)).toBeNull();
    // Changed for issue 12: pushes are receipts; a number, if any, is kept only when it is one.
    expect(shotOfMessage({ ...message, yingNumber: "1234" }, 7)).toMatchObject({ seq: 5, yingNumber: null });
    expect(shotOfMessage({ ...message, seq: "5" }, 7)).toBeNull();
    expect(shotOfMessage("nonsense", 7)).toBeNull();
    const sealed = { betId: 7, seq: 6, createdAt: "t", commitment: "c".repeat(64), hash: "h".repeat(64) };
    expect(shotOfMessage(sealed, 7)).toEqual({
      seq: 6,
      yingNumber: null,
      userName: null,
      createdAt: "t",
      hash: "h".repeat(64),
      commitment: "c".repeat(64),
    });
  });

  it("keeps a revealed number when a sealed answer for the same shot arrives after it", () => {
    const board = mergeShots([item(3)], [item(3, { yingNumber: null, userName: null })]);
    expect(board[0]).toMatchObject({ yingNumber: "00003", userName: "so***ai" });
  });

  it("makes receipts only of the member's revealed shots, and counts the shots left", () => {
    expect(receiptsOfMine([item(4, { mine: true, yingNumber: null }), item(5, { mine: true })], 7)).toEqual([
      expect.objectContaining({ seq: 5, yingNumber: "00005" }),
    ]);
    const r = { betId: 7, seq: 1, yingNumber: "00001", hash: "h", createdAt: "t" };
    expect(shotsLeft([])).toBe(10);
    expect(shotsLeft(Array.from({ length: 12 }, (_, i) => ({ ...r, seq: i + 1 })))).toBe(0);
  });

  it("draws random shots of 5 digits, redrawing the values that would favour low numbers", () => {
    const draws = [2 ** 32 - 1, 123];
    expect(randomShot(() => draws.shift() as number)).toBe("00123");
    for (let i = 0; i < 50; i++) expect(randomShot()).toMatch(/^\d{5}$/);
  });

  it("closes shooting when the server says, else 2 minutes after betting closes", () => {
    expect(shootingCloseMs(1_000, null)).toBe(1_000_000 + 120_000);
    expect(shootingCloseMs(1_000, { shootingCloseAt: "2026-11-21T10:02:00.000Z" })).toBe(
      Date.parse("2026-11-21T10:02:00.000Z"),
    );
  });

  it("counts the shots still needed for a result", () => {
    expect(shotsNeeded(0)).toBe(20);
    expect(shotsNeeded(17)).toBe(3);
    expect(shotsNeeded(25)).toBe(0);
  });

  it("asks for the result only once it is set or its real result time passed (docs/rules.md 'Yeekee shooting')", () => {
    const round = { status: "closed", setResult: false, unixTimeStamp: { realResultTime: 2_000 } };
    expect(mayAskResult(round, 1_999_000, false)).toBe(false);
    expect(mayAskResult(round, 2_000_000, false)).toBe(true);
    expect(mayAskResult({ ...round, setResult: true }, 0, false)).toBe(true);
    expect(mayAskResult(round, 0, true)).toBe(true);
  });

  it("says why a shot cannot go, the most important reason first", () => {
    const ready = { open: true, online: true, waitMs: 0, number: "12345", sending: false };
    expect(shootBlock(ready)).toBeNull();
    expect(shootBlock({ ...ready, open: false, online: false })).toBe("closed");
    expect(shootBlock({ ...ready, online: false, waitMs: 2000 })).toBe("offline");
    expect(shootBlock({ ...ready, waitMs: 2000 })).toBe("wait");
    expect(shootBlock({ ...ready, number: "1234" })).toBe("incomplete");
  });

  it("keeps receipts per round on the device, the create answer's over the list's", () => {
    const storage = stubStorage().local;
    const fromList = receiptsOfMine([item(4, { mine: true }), item(5)], 7);
    let kept = addReceipts([], fromList, 7);
    const created = {
      betId: 7,
      seq: 4,
      yingNumber: "00004",
      hash: "b".repeat(64),
      prevHash: "c".repeat(64),
      createdAt: "t",
    };
    const later = { betId: 7, seq: 9, yingNumber: "00009", hash: "d".repeat(64), createdAt: "t" };
    kept = addReceipts(kept, [created, later], 7);
    expect(kept.map((r) => r.seq)).toEqual([9, 4]);
    expect(loadReceipts(7)).toEqual(kept);
    expect(loadReceipts(7)[1]?.prevHash).toBe("c".repeat(64));
    expect(loadReceipts(8)).toEqual([]);
    storage.setItem("ying-receipts:8", "{broken");
    expect(loadReceipts(8)).toEqual([]);
  });
});
