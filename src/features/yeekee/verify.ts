import {
  pingpongNumberFromSeed,
  shotChainGenesis,
  shotCommitment,
  shotConcentration,
  verifyCommitment,
  verifySealedChain,
  type YeekeeResult,
  yeekeeResult,
} from "../../domain/lotto/index.ts";
import type { PingpongPublication, PublishedResult, YeekeePublication, YingReceipt } from "./yeekeeApi.ts";

/**
 * The checks the verification page runs in the browser on what the server published (docs/results-api.md
 * "Verification"). Every rule comes from src/domain/lotto/yeekee.ts; nothing the server says about its own
 * result is taken as proof: the chain, the number and the commitment are all recomputed here.
 */

/** pending: nothing to check yet (the number is not drawn, the result not entered). */
export type CheckState = "pass" | "fail" | "pending";

export type YeekeeCheck =
  | { id: "genesis"; state: CheckState }
  | { id: "sequence"; state: CheckState; count: number; firstBad: number | null }
  | { id: "chain"; state: CheckState; brokenAtSeq: number | null; why: "commitment" | "hash" | null }
  | { id: "result"; state: CheckState; recomputed: YeekeeResult | null; published: PublishedResult | null }
  | { id: "receipts"; state: CheckState; total: number; missing: YingReceipt[] };

export type PingpongCheck =
  | { id: "seed"; state: CheckState }
  | { id: "commitment"; state: CheckState }
  | { id: "number"; state: CheckState; recomputed: string | null; published: string | null };

/** How concentrated the shooting was, recomputed from the list's per-round shooter labels. */
export type Concentration = ReturnType<typeof shotConcentration>;

export interface YeekeeReport {
  kind: "yeekee";
  /** The shots in round order (seq ascending), as checked. */
  shots: YeekeePublication["shots"];
  recomputed: YeekeeResult | null;
  checks: YeekeeCheck[];
  /** Null when the list does not label its shooters (an older server). */
  concentration: Concentration | null;
}

export interface PingpongReport {
  kind: "pingpong";
  recomputed: string | null;
  checks: PingpongCheck[];
}

/** Every check that ran passed (pending ones are not failures, but the report is not complete either). */
export function allPassed(checks: readonly { state: CheckState }[]): boolean {
  return checks.every((c) => c.state === "pass");
}

export function anyFailed(checks: readonly { state: CheckState }[]): boolean {
  return checks.some((c) => c.state === "fail");
}

const isDrawn = (result: PublishedResult | null) =>
  result !== null && (result.status === "resulted" || result.status === "confirmed");
const isCancelled = (result: PublishedResult | null) => result !== null && result.status === "cancelled";

/** The first place where the list is not exactly 1, 2, 3 … n (a shot left out, repeated or out of order). */
function firstSequenceBreak(shots: readonly { seq: number }[]): number | null {
  for (const [i, shot] of shots.entries()) if (shot.seq !== i + 1) return i + 1;
  return null;
}

/**
 * A yeekee round: the chain from the round's own genesis, the list complete and in order, the result recomputed
 * from the list, and (when the member has receipts on this device) each of the member's shots where its receipt
 * says it is.
 */
export async function verifyYeekee(
  publication: YeekeePublication,
  receipts: readonly YingReceipt[] = [],
): Promise<YeekeeReport> {
  const shots = [...publication.shots].sort((a, b) => a.seq - b.seq);
  const checks: YeekeeCheck[] = [];

  // The genesis is derived from the betType here, never read from the answer: a chain started anywhere else
  // (another round's, or one prepared in advance) does not pass.
  const genesis = await shotChainGenesis(publication.betType);
  checks.push({ id: "genesis", state: genesis === publication.genesis.toLowerCase() ? "pass" : "fail" });

  const firstBad = firstSequenceBreak(shots);
  checks.push({ id: "sequence", state: firstBad === null ? "pass" : "fail", count: shots.length, firstBad });

  // Each revealed number and salt must give the commitment published while shooting was open, and each hash
  // must follow from the one before and that commitment (shots from before sealing: from the number).
  const chain = await verifySealedChain(
    publication.betId,
    shots.map((s) => ({
      seq: s.seq,
      shot: s.yingNumber,
      salt: s.salt ?? null,
      commitment: s.commitment ?? null,
      hash: s.hash,
    })),
    genesis,
  );
  checks.push({
    id: "chain",
    state: chain.ok ? "pass" : "fail",
    brokenAtSeq: chain.ok ? null : (shots[chain.brokenAt]?.seq ?? chain.brokenAt + 1),
    why: chain.ok ? null : chain.why,
  });

  let recomputed: YeekeeResult | null = null;
  try {
    recomputed = yeekeeResult(shots.map((s) => s.yingNumber));
  } catch {
    // A malformed shot: the chain check already failed on it, and no number can be recomputed.
  }
  const published = publication.result;
  let resultState: CheckState;
  if (recomputed === null) resultState = "fail";
  else if (!isDrawn(published) && !isCancelled(published)) resultState = "pending";
  else if (recomputed.cancelled) resultState = isCancelled(published) ? "pass" : "fail";
  else resultState = isDrawn(published) && published?.number === recomputed.number ? "pass" : "fail";
  checks.push({ id: "result", state: resultState, recomputed, published });

  if (receipts.length > 0) {
    const bySeq = new Map(shots.map((s) => [s.seq, s]));
    const missing: YingReceipt[] = [];
    for (const r of receipts)
      if (!(await receiptHolds(publication.betId, r, bySeq.get(r.seq)))) missing.push(r);
    checks.push({
      id: "receipts",
      state: missing.length === 0 ? "pass" : "fail",
      total: receipts.length,
      missing,
    });
  }

  const labelled = shots.every((s) => typeof s.shooter === "number");
  const concentration = labelled ? shotConcentration(shots.map((s) => s.shooter as number)) : null;
  return { kind: "yeekee", shots, recomputed, checks, concentration };
}

/**
 * A receipt holds when the revealed shot at its place is the member's: same hash and number, and, for a receipt
 * of a sealed shot, the same salt and commitment, the commitment recomputed here from the number and the salt.
 */
async function receiptHolds(
  betId: number,
  receipt: YingReceipt,
  shot: YeekeePublication["shots"][number] | undefined,
): Promise<boolean> {
  if (!shot) return false;
  if (shot.hash.toLowerCase() !== receipt.hash.toLowerCase() || shot.yingNumber !== receipt.yingNumber)
    return false;
  if (!receipt.salt || !receipt.commitment) return true;
  if (shot.salt !== receipt.salt || shot.commitment?.toLowerCase() !== receipt.commitment.toLowerCase())
    return false;
  try {
    return (
      (await shotCommitment(betId, receipt.seq, receipt.yingNumber, receipt.salt)) === receipt.commitment
    );
  } catch {
    return false;
  }
}

/** A ping-pong round: the revealed seed matches the commitment published at creation, and gives the number. */
export async function verifyPingpong(publication: PingpongPublication): Promise<PingpongReport> {
  const { seed, commitment } = publication;
  const published = typeof publication.result?.number === "string" ? publication.result.number : null;
  if (seed === null) {
    return {
      kind: "pingpong",
      recomputed: null,
      checks: [
        { id: "seed", state: "pending" },
        { id: "commitment", state: "pending" },
        { id: "number", state: "pending", recomputed: null, published },
      ],
    };
  }
  let committed = false;
  let recomputed: string | null = null;
  try {
    committed = await verifyCommitment(seed, commitment);
    recomputed = await pingpongNumberFromSeed(seed);
  } catch {
    // Not a seed at all (too short, not hex): both checks fail.
  }
  const seedChecks: PingpongCheck[] = [
    { id: "seed", state: "pass" },
    { id: "commitment", state: committed ? "pass" : "fail" },
  ];
  // A cancelled round has no number to compare; its seed is still shown and checked against the commitment.
  if (publication.result?.status === "cancelled") return { kind: "pingpong", recomputed, checks: seedChecks };
  return {
    kind: "pingpong",
    recomputed,
    checks: [
      ...seedChecks,
      {
        id: "number",
        state:
          recomputed === null
            ? "fail"
            : published === null
              ? "pending"
              : published === recomputed
                ? "pass"
                : "fail",
        recomputed,
        published,
      },
    ],
  };
}

/** The shot a receipt hash or receipt code names (pasted with spaces or in capitals), or null. */
export function findShotByHash<S extends { hash: string; commitment?: string | null }>(
  shots: readonly S[],
  hash: string,
): S | null {
  const wanted = hash.replace(/\s+/g, "").toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(wanted)) return null;
  return shots.find((s) => s.hash.toLowerCase() === wanted || s.commitment?.toLowerCase() === wanted) ?? null;
}

/** Whether the browser can hash at all: Web Crypto exists only on secure pages (https, or localhost). */
export function canHash(): boolean {
  return typeof crypto !== "undefined" && typeof crypto.subtle?.digest === "function";
}
