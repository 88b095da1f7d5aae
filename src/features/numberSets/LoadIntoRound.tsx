import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { closeAtOf, isOpenNow, type LottoFamily, orderedRounds } from "../../domain/lotto/index.ts";
import { useLoad } from "../../lib/load.ts";
import { later, type Text, useSubmit } from "../../lib/submit.ts";
import { FormError } from "../../ui/form.tsx";
import { LoadState } from "../../ui/Load.tsx";
import {
  FAMILY_TEXT,
  fetchFourDigit,
  fetchLatest,
  fetchRoundBook,
  loadDraft,
  newDraft,
  type Round,
  roundName,
  saveDraft,
} from "../lotto/index.ts";
import { fittingLines, loadSetInto } from "./load.ts";
import { numberSetErrorText, skippedText } from "./messages.ts";
import type { NumberSet } from "./numberSetsApi.ts";
import "./numberSets.css";
import type { Loaded } from "./SetCard.tsx";

export const FAMILIES: readonly LottoFamily[] = ["yeekee", "yeekee5Min", "pingpong", "gov", "stock", "set4"];

/** Every round open for betting now, family by family in the lotto list's order. */
export async function openRounds(): Promise<Round[]> {
  const [lists, four] = await Promise.all([fetchLatest(), fetchFourDigit()]);
  const now = Date.now();
  const set4 = [four.hanoy, four.lao, four.laoSuper, four.malay].filter((r): r is Round => r !== null);
  return FAMILIES.flatMap((family) =>
    orderedRounds(family, family === "set4" ? set4 : (lists[family] ?? []), now),
  ).filter((r) => isOpenNow(r, now));
}

/** Close time (Bangkok) as HH:mm. */
export function closeClock(round: Round): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Bangkok",
    hour: "2-digit",
    minute: "2-digit",
  }).format(closeAtOf(round));
}

/** Pick an open round the set fits, then add the set's lines to that round's draft (the builder opens it). */
export function LoadIntoRound({ set, onClose }: { set: NumberSet; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const rounds = useLoad(openRounds);
  const [family, setFamily] = useState<LottoFamily | "">("");
  const [betId, setBetId] = useState("");
  const [done, setDone] = useState<Loaded | null>(null);
  const [problem, setProblem] = useState<Text | null>(null);
  const sending = useSubmit({ errorText: numberSetErrorText });
  const familyId = useId();
  const roundId = useId();

  const total = set.lineCount;
  const fitting = (rounds.data ?? [])
    .map((round) => ({ round, fit: fittingLines(set.poyListJson, round.betOptions) }))
    .filter((r) => r.fit > 0);
  const families = FAMILIES.filter((f) => fitting.some((r) => r.round.betGroup === f));
  const shownFamily = family !== "" && families.includes(family) ? family : families[0];
  const inFamily = fitting.filter((r) => r.round.betGroup === shownFamily);
  const picked = inFamily.find((r) => String(r.round.betId) === betId) ?? inFamily[0];

  const load = () =>
    sending.run(async () => {
      if (!picked) return;
      setProblem(null);
      const target = String(picked.round.betId);
      const book = await fetchRoundBook(target);
      if (!isOpenNow(book.round, Date.now())) {
        setProblem(later(() => t`This round has just closed. Please choose another round.`));
        await rounds.reload();
        return;
      }
      const into = (await loadDraft(target)) ?? newDraft();
      const result = loadSetInto(set.poyListJson, into.slip, book);
      if (result.added > 0) await saveDraft(target, { ...into, slip: result.slip });
      setDone({ round: book.round, added: result.added, skipped: result.skipped });
    });

  if (done) {
    const name = roundName(i18n, done.round);
    const added = done.added;
    const list = skippedText(i18n, done.skipped);
    return (
      <div className="number-set-form" role="status">
        <p>
          {added > 0
            ? t`${plural(added, {
                one: `# line added to the slip of ${name}.`,
                other: `# lines added to the slip of ${name}.`,
              })}`
            : t`No line could be added to the slip of ${name}.`}
        </p>
        {done.skipped.length > 0 ? (
          <p className="number-set-skipped">
            <Trans>Not added: {list}.</Trans>
          </p>
        ) : null}
        <div className="actions">
          {added > 0 ? (
            <Link
              to="/lotto/$betGroup/$betId"
              params={{ betGroup: done.round.betGroup, betId: String(done.round.betId) }}
              className="button button-primary button-small"
            >
              <Trans>Open the slip</Trans>
            </Link>
          ) : null}
          <button type="button" className="button button-small" onClick={onClose}>
            <Trans>Close</Trans>
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="number-set-form">
      <LoadState loaded={rounds} />
      {rounds.data && fitting.length === 0 ? (
        <p className="form-note">
          <Trans>No open round takes these numbers right now.</Trans>
        </p>
      ) : null}
      {fitting.length > 0 ? (
        <>
          <label htmlFor={familyId}>
            <Trans>Lottery</Trans>
          </label>
          <select
            id={familyId}
            value={shownFamily ?? ""}
            onChange={(e) => {
              setFamily(e.target.value as LottoFamily);
              setBetId("");
            }}
          >
            {families.map((f) => (
              <option key={f} value={f}>
                {i18n._(FAMILY_TEXT[f])}
              </option>
            ))}
          </select>
          <label htmlFor={roundId}>
            <Trans>Round</Trans>
          </label>
          <select
            id={roundId}
            value={picked ? String(picked.round.betId) : ""}
            onChange={(e) => setBetId(e.target.value)}
          >
            {inFamily.map(({ round, fit }) => {
              const name = roundName(i18n, round);
              const clock = closeClock(round);
              return (
                <option key={round.betId} value={String(round.betId)}>
                  {fit === total
                    ? t`${name}, closes ${clock}`
                    : t`${name}, closes ${clock} (${fit} of ${total} lines fit)`}
                </option>
              );
            })}
          </select>
        </>
      ) : null}
      <FormError message={problem?.() ?? sending.error?.() ?? null} />
      <div className="actions">
        {picked ? (
          <button
            type="button"
            className="button button-primary button-small"
            disabled={sending.pending}
            onClick={() => void load()}
          >
            <Trans>Load into the builder</Trans>
          </button>
        ) : null}
        <button type="button" className="button button-small" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </div>
  );
}
