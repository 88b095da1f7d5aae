import { plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { formatStatementTime } from "../../domain/bangkokTime.ts";
import type { LottoFamily } from "../../domain/lotto/index.ts";
import { FormError } from "../../ui/form.tsx";
import { showSnackbar } from "../../ui/snackbar.ts";
import { loadDraft, newDraft, saveDraft } from "../lotto/drafts.ts";
import { fetchFourDigit, fetchLatest, fetchRoundBook, type Round } from "../lotto/lottoApi.ts";
import { FAMILY_TEXT, wireOptionText } from "../lotto/messages.ts";
import { roundName } from "../lotto/RoundsPage.tsx";
import { closeAtOf, isOpenNow, orderedRounds } from "../lotto/rounds.ts";
import { formatBaht } from "../wallet/format.ts";
import { later, type Text, useLoad, useSending } from "../wallet/hooks.ts";
import { LoadState, WalletPage } from "../wallet/WalletUi.tsx";
import { fittingLines, loadSetInto, type SkippedLine } from "./load.ts";
import { numberSetErrorText, skippedText } from "./messages.ts";
import { NumberSetNameForm } from "./NumberSetTools.tsx";
import {
  deleteNumberSet,
  fetchNumberSets,
  NUMBER_SET_MAX,
  type NumberSet,
  renameNumberSet,
} from "./numberSetsApi.ts";
import "../lotto/lotto.css";
import "./numberSets.css";

const FAMILIES: readonly LottoFamily[] = ["yeekee", "yeekee5Min", "pingpong", "gov", "stock", "set4"];

/** Every round open for betting now, family by family in the lotto list's order. */
async function openRounds(): Promise<Round[]> {
  const [lists, four] = await Promise.all([fetchLatest(), fetchFourDigit()]);
  const now = Date.now();
  const set4 = [four.hanoy, four.lao, four.laoSuper, four.malay].filter((r): r is Round => r !== null);
  return FAMILIES.flatMap((family) =>
    orderedRounds(family, family === "set4" ? set4 : (lists[family] ?? []), now),
  ).filter((r) => isOpenNow(r, now));
}

/** Close time (Bangkok) as HH:mm. */
function closeClock(round: Round): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Bangkok",
    hour: "2-digit",
    minute: "2-digit",
  }).format(closeAtOf(round));
}

/** /number-set: the member's number sets: load one into any open round, rename, delete. */
export function NumberSetsPage() {
  const { t } = useLingui();
  const sets = useLoad(fetchNumberSets);
  const count = sets.data?.length ?? 0;
  const max = NUMBER_SET_MAX.sets;
  return (
    <WalletPage
      title={t`My number sets`}
      top={
        <p className="breadcrumb">
          <Link to="/lotto">
            <Trans>Lotto</Trans>
          </Link>
          {" · "}
          <Link to="/poy">
            <Trans>My slips</Trans>
          </Link>
        </p>
      }
    >
      <p className="form-note">
        <Trans>
          A number set keeps the numbers of a slip. Load it into any open round: it takes that round's rates,
          and each price stays within the round's limits.
        </Trans>
      </p>
      <LoadState loaded={sets} />
      {sets.data && count === 0 ? (
        <p className="form-note">
          <Trans>
            You have no number sets yet. Save one from the slip builder or from a slip in My slips.
          </Trans>{" "}
          <Link to="/lotto">
            <Trans>Choose a lottery</Trans>
          </Link>
        </p>
      ) : null}
      {sets.data && count > 0 ? (
        <p className="form-note">
          <Trans>
            {count} of {max} number sets
          </Trans>
        </p>
      ) : null}
      {sets.data ? (
        <ul className="card-list number-set-list">
          {sets.data.map((set) => (
            <SetCard key={set.id} set={set} onChanged={sets.reload} />
          ))}
        </ul>
      ) : null}
    </WalletPage>
  );
}

type Mode = "view" | "rename" | "delete" | "load";

function SetCard({ set, onChanged }: { set: NumberSet; onChanged: () => Promise<void> }) {
  const { t, i18n } = useLingui();
  const [mode, setMode] = useState<Mode>("view");
  const sending = useSending(numberSetErrorText);
  const lines = set.lineCount;
  const saved = formatStatementTime(set.createdAt);
  const name = set.name;
  const headingId = useId();
  return (
    <li className="card number-set-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{set.name}</h2>
      <p className="form-note">
        <Plural value={lines} one="# line" other="# lines" /> · <Trans>saved {saved}</Trans>
      </p>
      <details>
        <summary>
          <Trans>Show the numbers</Trans>
        </summary>
        <ul className="poy-lines">
          {set.poyListJson.map((line) => (
            <li key={`${line.option}:${line.number}`}>
              <span className="slip-number">{line.number}</span> {wireOptionText(i18n, line.option)} ·{" "}
              {formatBaht(line.price)}
            </li>
          ))}
        </ul>
      </details>

      {mode === "view" ? (
        <div className="actions">
          <button
            type="button"
            className="button button-primary button-small"
            onClick={() => setMode("load")}
          >
            <Trans>Load into a round</Trans>
          </button>
          <button type="button" className="button button-small" onClick={() => setMode("rename")}>
            <Trans>Rename</Trans>
          </button>
          <button
            type="button"
            className="button button-small button-danger-outline"
            onClick={() => setMode("delete")}
          >
            <Trans>Delete</Trans>
          </button>
        </div>
      ) : null}

      {mode === "rename" ? (
        <RenameForm
          set={set}
          onDone={async () => {
            setMode("view");
            await onChanged();
          }}
          onCancel={() => setMode("view")}
        />
      ) : null}

      {mode === "delete" ? (
        <div className="confirm-box" role="alertdialog" aria-label={t`Delete ${name}?`}>
          <p>
            <Trans>Delete “{name}”? This cannot be undone.</Trans>
          </p>
          <FormError message={sending.error?.() ?? null} />
          <div className="actions">
            <button
              type="button"
              className="button button-danger"
              disabled={sending.busy}
              onClick={() =>
                void sending.run(async () => {
                  await deleteNumberSet(set.id);
                  showSnackbar({ txt: t`Number set “${name}” deleted.`, color: "success" });
                  await onChanged();
                })
              }
            >
              <Trans>Yes, delete</Trans>
            </button>
            <button type="button" className="button" onClick={() => setMode("view")}>
              <Trans>Keep it</Trans>
            </button>
          </div>
        </div>
      ) : null}

      {mode === "load" ? <LoadIntoRound set={set} onClose={() => setMode("view")} /> : null}
    </li>
  );
}

function RenameForm({
  set,
  onDone,
  onCancel,
}: {
  set: NumberSet;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  return (
    <NumberSetNameForm
      label={t`New name`}
      initialName={set.name}
      saveLabel={t`Save name`}
      onSave={async (name) => {
        await renameNumberSet(set.id, name);
        await onDone();
      }}
      onCancel={onCancel}
    />
  );
}

interface Loaded {
  round: Round;
  added: number;
  skipped: SkippedLine[];
}

/** Pick an open round the set fits, then add the set's lines to that round's draft (the builder opens it). */
function LoadIntoRound({ set, onClose }: { set: NumberSet; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const rounds = useLoad(openRounds);
  const [family, setFamily] = useState<LottoFamily | "">("");
  const [betId, setBetId] = useState("");
  const [done, setDone] = useState<Loaded | null>(null);
  const [problem, setProblem] = useState<Text | null>(null);
  const sending = useSending(numberSetErrorText);
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
            disabled={sending.busy}
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
