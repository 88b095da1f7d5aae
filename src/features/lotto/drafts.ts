import * as v from "valibot";
import { isOption, type Slip, type SlipLine } from "../../domain/lotto/index.ts";
import { readStored, removeStored, writeStored } from "../../lib/storage.ts";
import { STORAGE_KEYS, storedName } from "../../lib/storageKeys.ts";

/**
 * The slip being built for a round, kept in IndexedDB (one entry per betId, STORAGE_KEYS.draft) so it survives
 * reloads and restarts. The idempotency key belongs to the draft: a retry after a lost answer sends the same key,
 * and the server answers with the slip it already placed instead of placing it twice.
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

/** The stored name of a round's draft (never changed: players' drafts live under it; docs/footguns.md). */
export const draftKey = (betId: string | number) => storedName(STORAGE_KEYS.draft, betId);

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

/** Satang as the draft stores them: whole numbers in a string (bigint has no JSON). */
const Satang = v.pipe(
  v.string(),
  v.regex(/^\d{1,15}$/),
  v.transform((text) => BigInt(text)),
);

const StoredLineSchema = v.object({
  ref: v.string(),
  add: v.pipe(v.number(), v.integer()),
  option: v.custom<SlipLine["option"]>((value) => typeof value === "string" && isOption(value)),
  number: v.string(),
  price: Satang,
  min: Satang,
  max: Satang,
  multiply: v.string(),
});

/** A stored draft of this version, read back as a Draft. */
const DraftSchema = v.pipe(
  v.object({ v: v.literal(1), key: v.string(), lines: v.array(StoredLineSchema) }),
  v.transform((stored): Draft => ({ key: stored.key, slip: { lines: stored.lines } })),
);

/** A stored draft read back; null when it is not one (another version, damaged): the player starts afresh. */
export function parseDraft(value: unknown): Draft | null {
  const result = v.safeParse(DraftSchema, value);
  return result.success ? result.output : null;
}

export function loadDraft(betId: string): Promise<Draft | null> {
  return readStored(STORAGE_KEYS.draft, betId, DraftSchema);
}

/**
 * Saves the draft; an empty one is removed (nothing to restore). A refused save (storage full, private mode)
 * answers false and sets the storage module's problem, which the builder shows: the draft then lives only on screen.
 */
export async function saveDraft(betId: string, draft: Draft): Promise<boolean> {
  if (draft.slip.lines.length === 0) {
    await removeStored(STORAGE_KEYS.draft, betId);
    return true;
  }
  return writeStored(STORAGE_KEYS.draft, betId, serializeDraft(draft));
}

export function clearDraft(betId: string): Promise<void> {
  return removeStored(STORAGE_KEYS.draft, betId);
}
