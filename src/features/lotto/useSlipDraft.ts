import { useEffect, useState } from "react";
import type { Slip } from "../../domain/lotto/index.ts";
import { clearDraft, type Draft, loadDraft, newDraft, saveDraft } from "./drafts.ts";

export interface SlipDraft {
  /** The slip as it stands (empty until the stored draft is read). */
  slip: Slip;
  /** The draft's idempotency key: the same for every retry of this slip, new once it is placed. */
  key: string | null;
  /** The stored draft has been read: lines can be added. */
  ready: boolean;
  /** The device refused to keep the draft (storage full or off): it lives on screen only. */
  unsaved: boolean;
  update: (next: Slip) => void;
  /** The slip was placed: a new, empty draft with a new key, and nothing left on the device. */
  restart: () => Promise<void>;
}

/** The round's draft: read from the device once, kept there after every change (drafts.ts). */
export function useSlipDraft(betId: string): SlipDraft {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [unsaved, setUnsaved] = useState(false);

  useEffect(() => {
    let live = true;
    void loadDraft(betId).then((stored) => {
      if (live) setDraft(stored ?? newDraft());
    });
    return () => {
      live = false;
    };
  }, [betId]);

  useEffect(() => {
    if (!draft) return;
    let live = true;
    void saveDraft(betId, draft).then((saved) => {
      if (live) setUnsaved(!saved);
    });
    return () => {
      live = false;
    };
  }, [betId, draft]);

  return {
    slip: draft?.slip ?? { lines: [] },
    key: draft?.key ?? null,
    ready: draft !== null,
    unsaved,
    update: (next) => setDraft((d) => (d ? { ...d, slip: next } : d)),
    restart: async () => {
      setDraft(newDraft());
      await clearDraft(betId);
    },
  };
}
