import * as v from "valibot";
import {
  isValidShot,
  YEEKEE_MIN_SHOTS,
  YEEKEE_SHOOTING_MINUTES,
  YING_MAX_SHOTS_PER_MEMBER,
} from "../../domain/lotto/index.ts";
import { read, write } from "../../lib/storage.ts";
import { STORAGE_KEYS } from "../../lib/storageKeys.ts";
import type { YingItem, YingReceipt, YingSummary } from "./yeekeeApi.ts";

/** docs/results-api.md: one shot per member every 3 seconds (the server's 429 gives the exact wait). */
export const YING_INTERVAL_SECONDS = 3;
/** docs/results-api.md "Caps": shots one member may fire in a round. */
export { YING_MAX_SHOTS_PER_MEMBER };
/** How many shots the live board keeps on screen; the verification page has the full list. */
export const BOARD_SIZE = 50;

/** Newest first, each seq once (a pushed shot and a polled one are the same shot), at most `max`. */
export function mergeShots(current: readonly YingItem[], incoming: readonly YingItem[], max = BOARD_SIZE) {
  const bySeq = new Map<number, YingItem>();
  for (const shot of current) bySeq.set(shot.seq, shot);
  for (const shot of incoming) {
    const known = bySeq.get(shot.seq);
    // The polled list knows `mine`; a push does not: keep what either one knew. A revealed number is never
    // replaced by a sealed answer that crossed it.
    bySeq.set(
      shot.seq,
      known
        ? {
            ...known,
            ...shot,
            mine: shot.mine ?? known.mine,
            yingNumber: shot.yingNumber ?? known.yingNumber,
            userName: shot.userName ?? known.userName,
          }
        : shot,
    );
  }
  return [...bySeq.values()].sort((a, b) => b.seq - a.seq).slice(0, max);
}

/**
 * A socket `ying` message as a board item, or null when it is not one (or is another round's). The server pushes
 * receipts (place, time, commitment, hash): the number stays sealed until the draw.
 */
export function shotOfMessage(message: unknown, betId: number): YingItem | null {
  if (typeof message !== "object" || message === null) return null;
  const m = message as Record<string, unknown>;
  if (String(m.betId) !== String(betId)) return null;
  if (typeof m.seq !== "number" || !Number.isInteger(m.seq) || m.seq < 1) return null;
  return {
    seq: m.seq,
    yingNumber: typeof m.yingNumber === "string" && isValidShot(m.yingNumber) ? m.yingNumber : null,
    userName: typeof m.userName === "string" ? m.userName : null,
    createdAt: typeof m.createdAt === "string" ? m.createdAt : "",
    hash: typeof m.hash === "string" ? m.hash : "",
    commitment: typeof m.commitment === "string" ? m.commitment : null,
  };
}

/**
 * A random shot, 00000–99999, uniform: values of the 32-bit draw above the last whole multiple of 100000 are
 * drawn again instead of folded (which would favour the low numbers).
 */
export function randomShot(draw: () => number = randomUint32): string {
  const limit = Math.floor(2 ** 32 / 100_000) * 100_000;
  for (;;) {
    const value = draw();
    if (value < limit) return (value % 100_000).toString().padStart(5, "0");
  }
}

function randomUint32(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] as number;
}

/** When shooting ends: the server's word once the summary is in, else the round's close plus the shooting minutes. */
export function shootingCloseMs(realCloseTime: number, summary: Pick<YingSummary, "shootingCloseAt"> | null) {
  const told = summary ? Date.parse(summary.shootingCloseAt) : Number.NaN;
  return Number.isFinite(told) ? told : realCloseTime * 1000 + YEEKEE_SHOOTING_MINUTES * 60_000;
}

/** Shots still missing before the round can have a result; 0 once there are enough. */
export function shotsNeeded(count: number, minShots = YEEKEE_MIN_SHOTS): number {
  return Math.max(0, minShots - count);
}

/**
 * docs/rules.md "Yeekee shooting": the ying result is asked for only once the round's result is set or its real result time
 * has passed (or the server announced that shooting closed).
 */
export function mayAskResult(
  round: { setResult?: boolean; status: string; unixTimeStamp: { realResultTime: number } },
  now: number,
  closedAnnounced: boolean,
): boolean {
  return (
    round.setResult === true ||
    round.status === "resulted" ||
    round.status === "cancelled" ||
    closedAnnounced ||
    now >= round.unixTimeStamp.realResultTime * 1000
  );
}

export type ShootBlock = "closed" | "offline" | "wait" | "incomplete" | "sending";

/** Why the shoot button is off right now, most important reason first; null when a shot can go. */
export function shootBlock(state: {
  open: boolean;
  online: boolean;
  waitMs: number;
  number: string;
  sending: boolean;
}): ShootBlock | null {
  if (!state.open) return "closed";
  if (!state.online) return "offline";
  if (state.sending) return "sending";
  if (state.waitMs > 0) return "wait";
  if (!isValidShot(state.number)) return "incomplete";
  return null;
}

/**
 * The member's receipts are kept on the device per round (STORAGE_KEYS.yingReceipts, never renamed), so they can
 * still be checked after the round. A stored entry that is not a receipt is left out, the others kept.
 */
const StoredReceipts = v.array(v.unknown());
const Receipt = v.looseObject({
  seq: v.number(),
  yingNumber: v.string(),
  hash: v.string(),
  createdAt: v.string(),
});

export function loadReceipts(betId: number | string): YingReceipt[] {
  const stored = read(STORAGE_KEYS.yingReceipts, StoredReceipts, betId) ?? [];
  return stored.filter((r): r is YingReceipt => v.is(Receipt, r)).sort((a, b) => b.seq - a.seq);
}

/** Adds receipts (newest first, each seq once) and stores them; returns the new list. */
export function addReceipts(
  current: readonly YingReceipt[],
  added: readonly YingReceipt[],
  betId: number | string,
): YingReceipt[] {
  const bySeq = new Map<number, YingReceipt>();
  for (const r of current) bySeq.set(r.seq, r);
  // A receipt from the create answer (with prevHash) is kept over one rebuilt from the public list.
  for (const r of added) if (!bySeq.get(r.seq)?.prevHash) bySeq.set(r.seq, r);
  const next = [...bySeq.values()].sort((a, b) => b.seq - a.seq);
  // Storage full or refused (private mode): the receipts still show for this visit.
  write(STORAGE_KEYS.yingReceipts, next, betId);
  return next;
}

/**
 * The member's shots of the revealed public list as receipts (shot from another device, or before storage was
 * kept). Sealed items carry no number: they become receipts only once the list is revealed.
 */
export function receiptsOfMine(items: readonly YingItem[], betId: number): YingReceipt[] {
  return items.flatMap((i) =>
    i.mine === true && i.yingNumber !== null
      ? [
          {
            betId,
            seq: i.seq,
            yingNumber: i.yingNumber,
            hash: i.hash,
            createdAt: i.createdAt,
            ...(i.salt ? { salt: i.salt } : {}),
            ...(i.commitment ? { commitment: i.commitment } : {}),
          },
        ]
      : [],
  );
}

/** Shots the member has left in the round, from the receipts on this device (the server has the last word). */
export function shotsLeft(receipts: readonly YingReceipt[], max = YING_MAX_SHOTS_PER_MEMBER): number {
  return Math.max(0, max - receipts.length);
}
