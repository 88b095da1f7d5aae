import { isValidShot, YEEKEE_MIN_SHOTS, YEEKEE_SHOOTING_MINUTES } from "../../domain/lotto/index.ts";
import type { YingItem, YingReceipt, YingSummary } from "./yeekeeApi.ts";

/** docs/results-api.md: one shot per member every 3 seconds (the server's 429 gives the exact wait). */
export const YING_INTERVAL_SECONDS = 3;
/** How many shots the live board keeps on screen; the verification page has the full list. */
export const BOARD_SIZE = 50;

/** The shooting families: only their rounds have a shooting screen. */
export const SHOOTING_FAMILIES: readonly string[] = ["yeekee", "yeekee5Min"];

export function isShootingFamily(betGroup: string): boolean {
  return SHOOTING_FAMILIES.includes(betGroup);
}

/** Newest first, each seq once (a pushed shot and a polled one are the same shot), at most `max`. */
export function mergeShots(current: readonly YingItem[], incoming: readonly YingItem[], max = BOARD_SIZE) {
  const bySeq = new Map<number, YingItem>();
  for (const shot of current) bySeq.set(shot.seq, shot);
  for (const shot of incoming) {
    const known = bySeq.get(shot.seq);
    // The polled list knows `mine`; a push does not: keep what either one knew.
    bySeq.set(shot.seq, known ? { ...known, ...shot, mine: shot.mine ?? known.mine } : shot);
  }
  return [...bySeq.values()].sort((a, b) => b.seq - a.seq).slice(0, max);
}

/** A socket `ying` message as a board item, or null when it is not one (or is another round's). */
export function shotOfMessage(message: unknown, betId: number): YingItem | null {
  if (typeof message !== "object" || message === null) return null;
  const m = message as Record<string, unknown>;
  if (String(m.betId) !== String(betId)) return null;
  if (typeof m.seq !== "number" || typeof m.yingNumber !== "string" || !isValidShot(m.yingNumber))
    return null;
  return {
    seq: m.seq,
    yingNumber: m.yingNumber,
    userName: typeof m.userName === "string" ? m.userName : "",
    createdAt: typeof m.createdAt === "string" ? m.createdAt : "",
    hash: typeof m.hash === "string" ? m.hash : "",
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
 * SPEC.md section 4: the ying result is asked for only once the round's result is set or its real result time
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

/** The member's receipts are kept on the device per round, so they can still be checked after the round. */
const receiptsKey = (betId: number | string) => `ying-receipts:${betId}`;

type KeyValue = Pick<Storage, "getItem" | "setItem">;

function storage(): KeyValue | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

function isReceipt(value: unknown): value is YingReceipt {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.seq === "number" &&
    typeof r.yingNumber === "string" &&
    typeof r.hash === "string" &&
    typeof r.createdAt === "string"
  );
}

export function loadReceipts(betId: number | string, store: KeyValue | null = storage()): YingReceipt[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(receiptsKey(betId)) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isReceipt).sort((a, b) => b.seq - a.seq) : [];
  } catch {
    return [];
  }
}

/** Adds receipts (newest first, each seq once) and stores them; returns the new list. */
export function addReceipts(
  current: readonly YingReceipt[],
  added: readonly YingReceipt[],
  betId: number | string,
  store: KeyValue | null = storage(),
): YingReceipt[] {
  const bySeq = new Map<number, YingReceipt>();
  for (const r of current) bySeq.set(r.seq, r);
  // A receipt from the create answer (with prevHash) is kept over one rebuilt from the public list.
  for (const r of added) if (!bySeq.get(r.seq)?.prevHash) bySeq.set(r.seq, r);
  const next = [...bySeq.values()].sort((a, b) => b.seq - a.seq);
  try {
    store?.setItem(receiptsKey(betId), JSON.stringify(next));
  } catch {
    // Storage full or refused (private mode): the receipts still show for this visit.
  }
  return next;
}

/** The member's shots of the public list as receipts (shot from another device, or before storage was kept). */
export function receiptsOfMine(items: readonly YingItem[], betId: number): YingReceipt[] {
  return items
    .filter((i) => i.mine === true)
    .map((i) => ({ betId, seq: i.seq, yingNumber: i.yingNumber, hash: i.hash, createdAt: i.createdAt }));
}
