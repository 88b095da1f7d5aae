import { useState } from "react";
import { applyRates, type RateChange, type Rates, rateChanges, type Slip } from "../../domain/lotto/index.ts";
import { ApiError } from "../../lib/api.ts";
import { balanceMoved } from "../../lib/realtime.ts";
import { type Submit, useSubmit } from "../../lib/submit.ts";
import { answeredChanges } from "./builder.ts";
import { createPoy, fetchRates, type Poy, type Round, rateChangesOf, wireLines } from "./lottoApi.ts";
import { lottoErrorText } from "./messages.ts";
import type { SlipDraft } from "./useSlipDraft.ts";

export interface PlaceSlip {
  form: Submit;
  /** The server refused because rates changed: what changed, and the rates the member confirms. */
  changes: { list: RateChange[]; rates: Rates } | null;
  /** The slip the server placed, once it is placed. */
  placed: Poy | null;
  submit: (slip: Slip) => Promise<void>;
  /** Re-confirms the slip at the changed rates (closed numbers dropped) and sends it again. */
  confirmRates: () => void;
  /** The slip was edited after a refusal: the old list of changes no longer describes it. */
  dismissChanges: () => void;
  again: () => void;
}

/**
 * Placing the draft's slip (docs/lotto-api.md "Placing a slip"): one request with the draft's idempotency key. A
 * `409 RATE_CHANGED` carries the changed lines, which the member confirms (the rates are asked again only when an
 * answer lacks them). The balance is not asked for after placing: the server pushes it (`money-update`).
 */
export function usePlaceSlip(
  round: Round,
  draft: SlipDraft,
  rates: Rates,
  setRates: (rates: Rates) => void,
): PlaceSlip {
  const form = useSubmit({ errorText: lottoErrorText });
  const [changes, setChanges] = useState<{ list: RateChange[]; rates: Rates } | null>(null);
  const [placed, setPlaced] = useState<Poy | null>(null);

  const onRefused = async (err: unknown, sent: Slip): Promise<boolean> => {
    const answered = rateChangesOf(err);
    if (answered) {
      const next = answeredChanges(sent, rates, answered);
      setRates(next.rates);
      setChanges(next);
      return true;
    }
    if (!(err instanceof ApiError && err.code === "RATE_CHANGED")) return false;
    try {
      // A refusal without a readable list of changes: the rates now, as the builder first read them.
      const fresh = await fetchRates(round);
      setRates(fresh);
      setChanges({ list: rateChanges(sent, fresh), rates: fresh });
      return true;
    } catch {
      // The new rates could not be read: the refusal's own message stays, and submitting asks again.
      return false;
    }
  };

  const submit = async (slip: Slip) => {
    const key = draft.key;
    if (!key) return;
    await form.run(
      async () => {
        const poy = await createPoy(round, wireLines(slip.lines), key);
        setPlaced(poy);
        setChanges(null);
        await draft.restart();
        void balanceMoved();
      },
      { failed: (err) => onRefused(err, slip) },
    );
  };

  return {
    form,
    changes,
    placed,
    submit,
    confirmRates: () => {
      if (!changes) return;
      const next = applyRates(draft.slip, changes.rates);
      draft.update(next);
      setChanges(null);
      void submit(next);
    },
    dismissChanges: () => setChanges(null),
    again: () => setPlaced(null),
  };
}
