import {
  pingpongNumberFromSeed,
  shotChainGenesis,
  verifyCommitment,
  verifyShotChain,
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
  | { id: "chain"; state: CheckState; brokenAtSeq: number | null }
  | { id: "result"; state: CheckState; recomputed: YeekeeResult | null; published: PublishedResult | null }
  | { id: "receipts"; state: CheckState; total: number; missing: YingReceipt[] };

export type PingpongCheck =
  | { id: "seed"; state: CheckState }
  | { id: "commitment"; state: CheckState }
  | { id: "number"; state: CheckState; recomputed: string | null; published: string | null };

export interface YeekeeReport {
  kind: "yeekee";
  /** The shots in round order (seq ascending), as checked. */
  shots: YeekeePublication["shots"];
  recomputed: YeekeeResult | null;
  checks: YeekeeCheck[];
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

  const chain = await verifyShotChain(
    shots.map((s) => ({ shot: s.yingNumber, hash: s.hash })),
    genesis,
  );
  checks.push({
    id: "chain",
    state: chain.ok ? "pass" : "fail",
    brokenAtSeq: chain.ok ? null : (shots[chain.brokenAt]?.seq ?? chain.brokenAt + 1),
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
    const missing = receipts.filter((r) => {
      const shot = bySeq.get(r.seq);
      return !shot || shot.hash.toLowerCase() !== r.hash.toLowerCase() || shot.yingNumber !== r.yingNumber;
    });
    checks.push({
      id: "receipts",
      state: missing.length === 0 ? "pass" : "fail",
      total: receipts.length,
      missing,
    });
  }

  return { kind: "yeekee", shots, recomputed, checks };
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

/** The shot a receipt hash names (pasted with spaces or in capitals), or null. */
export function findShotByHash<S extends { hash: string }>(shots: readonly S[], hash: string): S | null {
  const wanted = hash.replace(/\s+/g, "").toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(wanted)) return null;
  return shots.find((s) => s.hash.toLowerCase() === wanted) ?? null;
}

/** Whether the browser can hash at all: Web Crypto exists only on secure pages (https, or localhost). */
export function canHash(): boolean {
  return typeof crypto !== "undefined" && typeof crypto.subtle?.digest === "function";
}
