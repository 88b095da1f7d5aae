import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { carryLines, nextOpenRound, type Slip } from "../../domain/lotto/index.ts";
import { useLoad } from "../../lib/load.ts";
import { useSubmit } from "../../lib/submit.ts";
import { FormError } from "../../ui/form.tsx";
import { clearDraft, loadDraft, newDraft, saveDraft } from "./drafts.ts";
import { fetchFourDigit, fetchLatest, fetchRoundBook, type Round } from "./lottoApi.ts";
import { roundName } from "./messages.ts";

/** The candidates for the next round of a closed round's family (4-digit lotteries: the latest of each). */
async function roundsLike(round: Round): Promise<Round[]> {
  if (round.betGroup === "set4") {
    const latest = await fetchFourDigit();
    return [latest.hanoy, latest.lao, latest.laoSuper, latest.malay].filter((r): r is Round => r !== null);
  }
  return (await fetchLatest())[round.betGroup] ?? [];
}

/** A closed round with lines left on its draft: offer to move them to the next open round of the family. */
export function CarryOffer({ from, slip }: { from: Round; slip: Slip }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const candidates = useLoad(() => roundsLike(from), [from]);
  // Nothing is shown when the next round cannot be found or read: the draft stays where it is.
  const carry = useSubmit();
  const next = candidates.data ? nextOpenRound(from, candidates.data, Date.now()) : null;
  if (!next) return null;
  const name = roundName(i18n, next);
  const target = String(next.betId);

  const move = () =>
    carry.run(async () => {
      const book = await fetchRoundBook(target);
      const into = (await loadDraft(target)) ?? newDraft();
      const { slip: moved } = carryLines(slip, into.slip, book);
      await saveDraft(target, { ...into, slip: moved });
      await clearDraft(String(from.betId));
      await navigate({ to: "/lotto/$betGroup/$betId", params: { betGroup: next.betGroup, betId: target } });
    });

  return (
    <section className="carry-offer" aria-labelledby="carry-title">
      <h2 id="carry-title" className="section-title">
        <Trans>This round has closed</Trans>
      </h2>
      <p className="form-note">
        <Trans>
          Your lines can go to the next round, {name}, at its rates. Numbers closed there are left out.
        </Trans>
      </p>
      {carry.error ? <FormError message={t`The next round could not be loaded. Try again.`} /> : null}
      <button
        type="button"
        className="button button-primary"
        disabled={carry.pending}
        onClick={() => void move()}
      >
        <Trans>Move my lines to {name}</Trans>
      </button>
    </section>
  );
}
