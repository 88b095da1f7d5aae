import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useEffect, useId, useRef, useState } from "react";
import {
  type AnyOption,
  applyRates,
  type Choice,
  expandEntry,
  type FlagHelper,
  groupOptions,
  ONE_SHOT_HELPERS,
  type OneShotHelper,
  oneShotBatch,
  potentialWin,
  type RateChange,
  type Rates,
  rateChanges,
  removeLine,
  removeNumber,
  type Skipped,
  type Slip,
  type SlipLine,
  setAllPrices,
  setPrice,
  slipTotals,
  toggleOption,
  undoLastBatch,
} from "../../domain/lotto/index.ts";
import { bahtToSatang, satangToBaht } from "../../domain/money.ts";
import { ApiError } from "../../lib/api.ts";
import { onlineAtom } from "../../lib/network.ts";
import { FormError } from "../../ui/form.tsx";
import { slipAsSetLines } from "../numberSets/load.ts";
import { LoadNumberSet, SaveNumberSet } from "../numberSets/NumberSetTools.tsx";
import { formatBaht, formatSatang } from "../wallet/format.ts";
import { later, type Text, useLoad, useSending } from "../wallet/hooks.ts";
import { refreshBalance } from "../wallet/liveBalance.ts";
import { LoadState, Outcome, WalletPage } from "../wallet/WalletUi.tsx";
import { isShootingFamily } from "../yeekee/shots.ts";
import { addEntry, cleanEntry, maxDigits, numberCounts, splitChoices } from "./builder.ts";
import { carryLines, nextOpenRound } from "./carry.ts";
import { clearDraft, type Draft, loadDraft, newDraft, saveDraft } from "./drafts.ts";
import {
  createPoy,
  fetchFourDigit,
  fetchLatest,
  fetchRates,
  fetchRoundBook,
  type Poy,
  type Round,
  type RoundBook,
  wireLines,
} from "./lottoApi.ts";
import { FAMILY_TEXT, FLAG_TEXT, lottoErrorText, ONE_SHOT_TEXT, optionText } from "./messages.ts";
import { PopularNumbers } from "./PopularNumbers.tsx";
import { Countdown, roundName } from "./RoundsPage.tsx";
import { isOpenNow } from "./rounds.ts";
import { useTicker } from "./ticker.ts";
import "./lotto.css";

/** Yeekee rounds: to the round's shooting screen (shots decide the result; open until 2 minutes after closing). */
function ShootLink({ betGroup, betId }: { betGroup: string; betId: number }) {
  return (
    <Link
      to="/lotto/$betGroup/$betId/ying"
      params={{ betGroup, betId: String(betId) }}
      className="button button-small"
    >
      <Trans>Shoot numbers</Trans>
    </Link>
  );
}

const FLAGS: FlagHelper[] = ["nineteenDoor", "roodNha", "roodLung", "shuffle2", "shuffle3"];
const PAD = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];

/** /lotto/$betGroup/$betId: the slip builder. */
export function SlipBuilderPage({ betId }: { betId: string }) {
  const { t, i18n } = useLingui();
  const book = useLoad(() => fetchRoundBook(betId), [betId]);
  return (
    <WalletPage
      title={book.data ? roundName(i18n, book.data.round) : t`Lotto`}
      top={
        <p className="breadcrumb">
          <Link to="/lotto">
            <Trans>Lotto</Trans>
          </Link>
        </p>
      }
    >
      <LoadState loaded={book} />
      {book.data && String(book.data.round.betId) === betId ? (
        <Builder key={betId} betId={betId} book={book.data} />
      ) : null}
    </WalletPage>
  );
}

function Builder({ betId, book }: { betId: string; book: RoundBook }) {
  const { t, i18n } = useLingui();
  const online = useAtomValue(onlineAtom);
  const now = useTicker();
  const [rates, setRates] = useState<Rates>(book.rates);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [selected, setSelected] = useState<Choice[]>([]);
  const [entry, setEntry] = useState("");
  const [note, setNote] = useState<Text | null>(null);
  const [allPrice, setAllPrice] = useState("");
  const [changes, setChanges] = useState<{ list: RateChange[]; rates: Rates } | null>(null);
  const [placed, setPlaced] = useState<Poy | null>(null);
  const sending = useSending(lottoErrorText);
  const entryId = useId();
  const allId = useId();
  const entryRef = useRef<HTMLInputElement>(null);

  // The draft of this round, restored from IndexedDB; saved on every change after that.
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
    if (draft) void saveDraft(betId, draft);
  }, [betId, draft]);

  const round = book.round;
  const open = isOpenNow(round, now);
  const { options: chosenOptions, flags } = splitChoices(selected);
  const groups = groupOptions(book.options, rates.defaultRate);
  const digits = maxDigits(book.options);
  const twoDigit = book.options.includes("tengBon2") || book.options.includes("tengLang2");
  const slip: Slip = draft?.slip ?? { lines: [] };
  const totals = slipTotals(slip);
  const counts = numberCounts(slip);
  const lineCount = totals.count;
  const stake = formatSatang(totals.stake);

  const updateSlip = (next: Slip) => {
    setDraft((d) => (d ? { ...d, slip: next } : d));
    setChanges(null);
  };

  const closedNote = (closed: Skipped[]): Text | null => {
    if (closed.length === 0) return null;
    const list = closed.map((s) => `${optionText(i18n, s.option)} ${s.number}`).join(", ");
    return () => t`Not added, closed in this round: ${list}`;
  };

  const addBatchOf = (batch: { options: AnyOption[]; numbers: string[] }) => {
    if (!draft) return;
    if (batch.options.length === 0 || batch.numbers.length === 0) {
      setNote(later(() => t`Choose a bet type that fits this number first.`));
      return;
    }
    const result = addEntry(slip, batch, rates, book.limits);
    updateSlip(result.slip);
    const closed = closedNote(result.closed);
    const dup = result.duplicates;
    if (closed) setNote(() => closed);
    else if (result.added === 0 && dup > 0) setNote(later(() => t`Already on your slip.`));
    else setNote(null);
  };

  const addTyped = () => {
    if (entry === "") return;
    const batch = expandEntry(chosenOptions, flags, entry);
    addBatchOf(batch);
    if (batch.options.length > 0) setEntry("");
    entryRef.current?.focus();
  };

  const submit = async (toSend: Slip) => {
    if (!draft) return;
    await sending.run(
      async () => {
        const poy = await createPoy(round, wireLines(toSend.lines), draft.key);
        setPlaced(poy);
        setChanges(null);
        setDraft(newDraft());
        await clearDraft(betId);
        void refreshBalance();
      },
      async (err) => {
        if (!(err instanceof ApiError && err.code === "RATE_CHANGED")) return false;
        try {
          const fresh = await fetchRates(round);
          setRates(fresh);
          setChanges({ list: rateChanges(toSend, fresh), rates: fresh });
          return true;
        } catch {
          // The new rates could not be read: the refusal's own message stays, and submitting asks again.
          return false;
        }
      },
    );
  };

  const confirmRates = () => {
    if (!changes) return;
    const next = applyRates(slip, changes.rates);
    setDraft((d) => (d ? { ...d, slip: next } : d));
    setChanges(null);
    void submit(next);
  };

  if (placed) return <Placed poy={placed} onAgain={() => setPlaced(null)} />;

  const submitBlock = !online
    ? t`You are offline. Your slip is saved on this device; send it when you are back online.`
    : !open
      ? t`This round is closed.`
      : null;

  return (
    <div className="builder">
      <p className="builder-close">
        <Countdown round={round} />
        {isShootingFamily(round.betGroup) ? (
          <>
            {" "}
            <ShootLink betGroup={round.betGroup} betId={round.betId} />
          </>
        ) : null}
      </p>
      {book.cached ? (
        <p className="form-note builder-stale" role="status">
          <Trans>
            Rates may be out of date: they were saved on this device. They are checked again when you place
            the bet.
          </Trans>
        </p>
      ) : null}
      {!open && slip.lines.length > 0 ? <CarryOffer from={round} slip={slip} /> : null}

      <section aria-labelledby="bet-types">
        <h2 id="bet-types" className="section-title">
          <Trans>Bet type</Trans>
        </h2>
        {groups.map((group) => (
          <div key={group.digits} className="toggle-row">
            {group.options.map((option) => {
              const rate = rates.defaultRate[option];
              return (
                <button
                  key={option}
                  type="button"
                  className="toggle"
                  aria-pressed={selected.includes(option)}
                  onClick={() => setSelected((s) => toggleOption(s, option))}
                >
                  <span>{optionText(i18n, option)}</span>
                  {rate ? <span className="toggle-rate">×{rate}</span> : null}
                </button>
              );
            })}
          </div>
        ))}
        {round.betGroup !== "set4" ? (
          <p className="helper-label">
            <Trans>Helpers: each number you add is expanded</Trans>
          </p>
        ) : null}
        {round.betGroup !== "set4" ? (
          <div className="toggle-row">
            {FLAGS.map((flag) => (
              <button
                key={flag}
                type="button"
                className="toggle toggle-flag"
                aria-pressed={selected.includes(flag)}
                onClick={() => setSelected((s) => toggleOption(s, flag))}
              >
                {i18n._(FLAG_TEXT[flag])}
              </button>
            ))}
          </div>
        ) : null}
        {twoDigit && round.betGroup !== "set4" ? (
          <p className="helper-label">
            <Trans>Add a whole set of 2-digit numbers at once</Trans>
          </p>
        ) : null}
        {twoDigit && round.betGroup !== "set4" ? (
          <div className="toggle-row">
            {ONE_SHOT_HELPERS.map((helper: OneShotHelper) => (
              <button
                key={helper}
                type="button"
                className="button button-small"
                onClick={() => addBatchOf(oneShotBatch(helper, chosenOptions))}
              >
                {i18n._(ONE_SHOT_TEXT[helper])}
              </button>
            ))}
          </div>
        ) : null}
      </section>

      <div className="entry">
        <label id={`${entryId}-label`} htmlFor={entryId} className="section-title">
          <Trans>Number</Trans>
        </label>
        <div className="entry-row">
          <input
            id={entryId}
            ref={entryRef}
            className="entry-input"
            inputMode="numeric"
            autoComplete="off"
            maxLength={digits}
            value={entry}
            onChange={(e) => setEntry(cleanEntry(e.target.value, digits))}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                addTyped();
              }
            }}
          />
          <button type="button" className="button button-primary" onClick={addTyped}>
            <Trans>Add</Trans>
          </button>
        </div>
        <div className="number-pad">
          {PAD.map((d) => (
            <button key={d} type="button" onClick={() => setEntry((e) => cleanEntry(e + d, digits))}>
              {d}
            </button>
          ))}
          <button type="button" onClick={() => setEntry("")} aria-label={t`Clear the number`}>
            C
          </button>
          <button type="button" onClick={() => setEntry((e) => cleanEntry(`${e}0`, digits))}>
            0
          </button>
          <button
            type="button"
            onClick={() => setEntry((e) => e.slice(0, -1))}
            aria-label={t`Delete a digit`}
          >
            ⌫
          </button>
        </div>
        {note ? (
          <p className="form-note builder-note" role="status">
            {note()}
          </p>
        ) : null}
      </div>

      <PopularNumbers
        round={round}
        chosen={chosenOptions}
        onAdd={(option, number) => addBatchOf({ options: [option], numbers: [number] })}
      />

      <section aria-labelledby="slip-title" className="slip">
        <h2 id="slip-title" className="section-title">
          <Plural value={lineCount} one="Your slip (# line)" other="Your slip (# lines)" />
        </h2>
        <div className="slip-tools">
          <LoadNumberSet
            round={{ options: book.options, rates, limits: book.limits }}
            slip={slip}
            onLoad={updateSlip}
          />
          {slip.lines.length > 0 ? (
            <SaveNumberSet lines={slipAsSetLines(slip)} suggestedName={roundName(i18n, round)} />
          ) : null}
        </div>
        {slip.lines.length > 0 ? (
          <>
            <div className="slip-tools">
              <button
                type="button"
                className="button button-small"
                onClick={() => updateSlip(undoLastBatch(slip))}
              >
                <Trans>Undo last entry</Trans>
              </button>
              <button
                type="button"
                className="button button-small button-danger-outline"
                onClick={() => updateSlip({ lines: [] })}
              >
                <Trans>Clear slip</Trans>
              </button>
            </div>
            <div className="set-all">
              <label htmlFor={allId}>
                <Trans>Price for every line (baht)</Trans>
              </label>
              <input
                id={allId}
                inputMode="decimal"
                autoComplete="off"
                value={allPrice}
                onChange={(e) => setAllPrice(e.target.value)}
              />
              <button
                type="button"
                className="button button-small"
                onClick={() => {
                  const satang = bahtToSatang(allPrice);
                  if (satang !== null && satang > 0n) updateSlip(setAllPrices(slip, satang));
                }}
              >
                <Trans>Set all prices</Trans>
              </button>
            </div>
            <ul className="slip-lines">
              {slip.lines.map((line) => (
                <LineRow
                  key={line.ref}
                  line={line}
                  many={(counts.get(line.number) ?? 0) > 1}
                  onPrice={(price) => updateSlip(setPrice(slip, line.ref, price))}
                  onRemove={() => updateSlip(removeLine(slip, line.ref))}
                  onRemoveNumber={() => updateSlip(removeNumber(slip, line.number))}
                />
              ))}
            </ul>
          </>
        ) : (
          <p className="form-note">
            <Trans>Choose a bet type, then type a number and press Add.</Trans>
          </p>
        )}
        <dl className="slip-totals">
          <dt>
            <Trans>Total stake</Trans>
          </dt>
          <dd className="money" data-testid="slip-stake">
            {formatSatang(totals.stake)}
          </dd>
          <dt>
            <Trans>Potential win</Trans>
          </dt>
          <dd className="money">{formatSatang(totals.potentialWin)}</dd>
        </dl>
      </section>

      {changes ? (
        <section className="rate-changes" role="alert" aria-labelledby="rate-changes-title">
          <h2 id="rate-changes-title">
            <Trans>Rates have changed</Trans>
          </h2>
          <p>{t`Some rates have changed. Please check the new rates and confirm.`}</p>
          {changes.list.length > 0 ? (
            <ul>
              {changes.list.map((c) => (
                <li key={c.ref}>
                  {optionText(i18n, c.option)} {c.number}: ×{c.from} →{" "}
                  {c.to === null || c.to === "0" ? t`closed (will be removed)` : `×${c.to}`}
                </li>
              ))}
            </ul>
          ) : null}
          <button
            type="button"
            className="button button-primary"
            onClick={confirmRates}
            disabled={sending.busy}
          >
            <Trans>Confirm new rates</Trans>
          </button>
        </section>
      ) : null}

      <div className="submit-bar">
        <FormError message={sending.error?.() ?? null} />
        {submitBlock ? (
          <p className="form-note" role="status">
            {submitBlock}
          </p>
        ) : null}
        <button
          type="button"
          className="button button-primary button-block button-large"
          disabled={sending.busy || slip.lines.length === 0 || submitBlock !== null || changes !== null}
          onClick={() => void submit(slip)}
        >
          {sending.busy ? <Trans>Sending…</Trans> : <Trans>Place bet {stake}</Trans>}
        </button>
      </div>
    </div>
  );
}

/** The candidates for the next round of a closed round's family (4-digit lotteries: the latest of each). */
async function roundsLike(round: Round): Promise<Round[]> {
  if (round.betGroup === "set4") {
    const latest = await fetchFourDigit();
    return [latest.hanoy, latest.lao, latest.laoSuper, latest.malay].filter((r): r is Round => r !== null);
  }
  return (await fetchLatest())[round.betGroup] ?? [];
}

/** A closed round with lines left on its draft: offer to move them to the next open round of the family. */
function CarryOffer({ from, slip }: { from: Round; slip: Slip }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [next, setNext] = useState<Round | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    roundsLike(from).then(
      (rounds) => {
        if (live) setNext(nextOpenRound(from, rounds, Date.now()));
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [from]);

  if (!next) return null;
  const name = roundName(i18n, next);
  const target = String(next.betId);

  const carry = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const book = await fetchRoundBook(target);
      const into = (await loadDraft(target)) ?? newDraft();
      const { slip: moved } = carryLines(slip, into.slip, book);
      await saveDraft(target, { ...into, slip: moved });
      await clearDraft(String(from.betId));
      await navigate({ to: "/lotto/$betGroup/$betId", params: { betGroup: next.betGroup, betId: target } });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

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
      {failed ? <FormError message={t`The next round could not be loaded. Try again.`} /> : null}
      <button type="button" className="button button-primary" disabled={busy} onClick={() => void carry()}>
        <Trans>Move my lines to {name}</Trans>
      </button>
    </section>
  );
}

function LineRow({
  line,
  many,
  onPrice,
  onRemove,
  onRemoveNumber,
}: {
  line: SlipLine;
  many: boolean;
  onPrice: (price: bigint) => void;
  onRemove: () => void;
  onRemoveNumber: () => void;
}) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState(() => satangToBaht(line.price));
  const shown = satangToBaht(line.price);
  // The price changes from outside (set all prices): show it.
  const lastShown = useRef(shown);
  if (lastShown.current !== shown) {
    lastShown.current = shown;
    if (bahtToSatang(text) !== line.price) setText(shown);
  }
  const name = optionText(i18n, line.option);
  const number = line.number;
  const win = formatSatang(potentialWin(line));
  return (
    <li className="slip-line">
      <span className="slip-line-what">
        <span className="slip-number">{number}</span> {name}{" "}
        <span className="toggle-rate">×{line.multiply}</span>
      </span>
      <input
        className="slip-price"
        inputMode="decimal"
        autoComplete="off"
        aria-label={t`Price for ${name} ${number}`}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const satang = bahtToSatang(e.target.value);
          if (satang !== null && satang > 0n) onPrice(satang);
        }}
        onBlur={() => setText(satangToBaht(line.price))}
      />
      <span className="slip-win">
        <Trans>Win {win}</Trans>
      </span>
      <span className="slip-line-actions">
        <button
          type="button"
          className="button button-small"
          onClick={onRemove}
          aria-label={t`Remove ${name} ${number}`}
        >
          ✕
        </button>
        {many ? (
          <button type="button" className="button button-small" onClick={onRemoveNumber}>
            <Trans>Remove all {number}</Trans>
          </button>
        ) : null}
      </span>
    </li>
  );
}

function Placed({ poy, onAgain }: { poy: Poy; onAgain: () => void }) {
  const { i18n } = useLingui();
  const total = formatBaht(poy.total);
  const count = poy.lineCount;
  const family = i18n._(FAMILY_TEXT[poy.betGroup]);
  const id = poy.id;
  return (
    <Outcome
      tone="ok"
      title={<Trans>Your bet is placed</Trans>}
      actions={
        <>
          {poy.betGroup === "set4" ? (
            <Link
              to="/poy/lottery/{-$betType}/{-$poyId}"
              params={{ betType: poy.betName, poyId: poy.id }}
              className="button button-primary"
            >
              <Trans>See my slips</Trans>
            </Link>
          ) : (
            <Link
              to="/poy/$betGroup/{-$poyId}"
              params={{ betGroup: poy.betGroup, poyId: poy.id }}
              className="button button-primary"
            >
              <Trans>See my slips</Trans>
            </Link>
          )}
          {isShootingFamily(poy.betGroup) ? <ShootLink betGroup={poy.betGroup} betId={poy.betId} /> : null}
          <button type="button" className="button" onClick={onAgain}>
            <Trans>Bet again in this round</Trans>
          </button>
        </>
      }
    >
      <p>
        <Trans>
          Slip #{id}, {family}: <Plural value={count} one="# line" other="# lines" />, {total} staked.
        </Trans>
      </p>
    </Outcome>
  );
}
