import { del, get, set } from "idb-keyval";
import { isOption, type Slip, type SlipLine } from "../../domain/lotto/index.ts";

/**
 * The slip being built for a round, kept in IndexedDB (idb-keyval, one key per betId) so it survives reloads and
 * restarts. The idempotency key belongs to the draft: a retry after a lost answer sends the same key, and the
 * server answers with the slip it already placed instead of placing it twice.
 */
export interface Draft {
  slip: Slip;
  key: string;
}

interface StoredLine {
  ref: string;
  add: number;
  option: string;
  number: string;
  price: string;
  min: string;
  max: string;
  multiply: string;
}

interface StoredDraft {
  v: 1;
  key: string;
  lines: StoredLine[];
}

export const draftKey = (betId: string | number) => `lotto-draft:${betId}`;

export function newDraft(makeKey: () => string = () => crypto.randomUUID()): Draft {
  return { slip: { lines: [] }, key: makeKey() };
}

export function serializeDraft(draft: Draft): StoredDraft {
  return {
    v: 1,
    key: draft.key,
    lines: draft.slip.lines.map((l) => ({
      ...l,
      price: l.price.toString(),
      min: l.min.toString(),
      max: l.max.toString(),
    })),
  };
}

const INT = /^\d{1,15}$/;

/** A stored draft read back; null when it is not one (another version, damaged): the player starts afresh. */
export function parseDraft(value: unknown): Draft | null {
  if (typeof value !== "object" || value === null) return null;
  const stored = value as Partial<StoredDraft>;
  if (stored.v !== 1 || typeof stored.key !== "string" || !Array.isArray(stored.lines)) return null;
  const lines: SlipLine[] = [];
  for (const l of stored.lines) {
    if (
      typeof l !== "object" ||
      l === null ||
      !isOption(l.option) ||
      typeof l.number !== "string" ||
      typeof l.multiply !== "string" ||
      typeof l.ref !== "string" ||
      !Number.isInteger(l.add) ||
      ![l.price, l.min, l.max].every((v) => typeof v === "string" && INT.test(v))
    )
      return null;
    lines.push({
      ref: l.ref,
      add: l.add,
      option: l.option,
      number: l.number,
      multiply: l.multiply,
      price: BigInt(l.price),
      min: BigInt(l.min),
      max: BigInt(l.max),
    });
  }
  return { key: stored.key, slip: { lines } };
}

export async function loadDraft(betId: string): Promise<Draft | null> {
  try {
    return parseDraft(await get(draftKey(betId)));
  } catch {
    return null;
  }
}

/** Saves the draft; an empty one is removed (nothing to restore). Storage failures only lose the draft. */
export async function saveDraft(betId: string, draft: Draft): Promise<void> {
  try {
    if (draft.slip.lines.length === 0) await del(draftKey(betId));
    else await set(draftKey(betId), serializeDraft(draft));
  } catch {}
}

export async function clearDraft(betId: string): Promise<void> {
  try {
    await del(draftKey(betId));
  } catch {}
}
