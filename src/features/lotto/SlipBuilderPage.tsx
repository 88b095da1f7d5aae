import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type ComponentType, useCallback, useEffect, useRef, useState } from "react";
import {
  type AnyOption,
  type Choice,
  expandEntry,
  isOpenNow,
  isShootingFamily,
  type OptionLimit,
  oneShotBatch,
  type Rates,
  type Skipped,
  type Slip,
  slipTotals,
} from "../../domain/lotto/index.ts";
import { useNow } from "../../lib/clock.ts";
import { formatSatang } from "../../lib/format.ts";
import { useLoad } from "../../lib/load.ts";
import { onlineAtom } from "../../lib/network.ts";
import { useAtomValue } from "../../lib/store.ts";
import { later, type Text } from "../../lib/submit.ts";
import { FormError } from "../../ui/form.tsx";
import { LoadState } from "../../ui/Load.tsx";
import { Breadcrumb, Page } from "../../ui/Page.tsx";
import { StickyBottomBar } from "../../ui/StickyBottomBar.tsx";
import { BetTypePicker } from "./BetTypePicker.tsx";
import { CarryOffer } from "./CarryOffer.tsx";
import { Countdown } from "./Countdown.tsx";
import { NumberEntry } from "./NumberEntry.tsx";
import { Placed, ShootLink } from "./Placed.tsx";
import { PopularNumbers } from "./PopularNumbers.tsx";
import { RateChanges } from "./RateChanges.tsx";
import { SlipLines } from "./SlipLines.tsx";
import { usePlaceSlip } from "./usePlaceSlip.ts";
import { useSlipDraft } from "./useSlipDraft.ts";
import "./lotto.css";
import { addEntry, maxDigits, splitChoices } from "./builder.ts";
import { fetchRoundBook, type RoundBook } from "./lottoApi.ts";
import { lottoErrorText, optionText, roundName } from "./messages.ts";

/**
 * What the builder offers another feature to put next to the slip (number sets: load one, save the slip as one),
 * given by the route so lotto never imports that feature.
 */
export interface SlipToolsProps {
  round: { options: readonly AnyOption[]; rates: Rates; limits: Partial<Record<AnyOption, OptionLimit>> };
  slip: Slip;
  onLoad: (next: Slip) => void;
  suggestedName: string;
}

/** /lotto/$betGroup/$betId: the slip builder. */
export function SlipBuilderPage({
  betId,
  slipTools,
}: {
  betId: string;
  slipTools?: ComponentType<SlipToolsProps>;
}) {
  const { t, i18n } = useLingui();
  const book = useLoad(() => fetchRoundBook(betId), [betId]);
  return (
    <Page
      title={book.data ? roundName(i18n, book.data.round) : t`Lotto`}
      top={
        <Breadcrumb>
          <Link to="/lotto">
            <Trans>Lotto</Trans>
          </Link>
        </Breadcrumb>
      }
    >
      <LoadState loaded={book} wording={lottoErrorText} />
      {book.data && String(book.data.round.betId) === betId ? (
        <Builder key={betId} betId={betId} book={book.data} SlipTools={slipTools} />
      ) : null}
    </Page>
  );
}

function Builder({
  betId,
  book,
  SlipTools,
}: {
  betId: string;
  book: RoundBook;
  SlipTools: ComponentType<SlipToolsProps> | undefined;
}) {
  const { t, i18n } = useLingui();
  const online = useAtomValue(onlineAtom);
  const now = useNow();
  const round = book.round;
  const draft = useSlipDraft(betId);
  const [rates, setRates] = useState<Rates>(book.rates);
  const [selected, setSelected] = useState<Choice[]>([]);
  const [note, setNote] = useState<Text | null>(null);
  const place = usePlaceSlip(round, draft, rates, setRates);
  const slip = draft.slip;
  const open = isOpenNow(round, now);
  const { options: chosenOptions, flags } = splitChoices(selected);
  const entryInput = useRef<HTMLInputElement>(null);
  const focusEntry = useCallback(() => entryInput.current?.focus(), []);
  // "Bet again in this round" replaces the outcome (and the button) with the builder: focus goes to the number.
  const againPressed = useRef(false);
  useEffect(() => {
    if (!place.placed && againPressed.current) {
      againPressed.current = false;
      focusEntry();
    }
  }, [place.placed, focusEntry]);

  const updateSlip = (next: Slip) => {
    draft.update(next);
    place.dismissChanges();
  };

  const closedNote = (closed: Skipped[]): Text | null => {
    if (closed.length === 0) return null;
    const list = closed.map((s) => `${optionText(i18n, s.option)} ${s.number}`).join(", ");
    return () => t`Not added, closed in this round: ${list}`;
  };

  /** Adds a batch of lines; answers whether the chosen bet types took the number. */
  const addBatchOf = (batch: { options: AnyOption[]; numbers: string[] }): boolean => {
    if (!draft.ready) return false;
    if (batch.options.length === 0 || batch.numbers.length === 0) {
      setNote(later(() => t`Choose a bet type that fits this number first.`));
      return false;
    }
    const result = addEntry(slip, batch, rates, book.limits);
    updateSlip(result.slip);
    const closed = closedNote(result.closed);
    if (closed) setNote(() => closed);
    else if (result.added === 0 && result.duplicates > 0) setNote(later(() => t`Already on your slip.`));
    else setNote(null);
    return true;
  };

  if (place.placed)
    return (
      <Placed
        poy={place.placed}
        onAgain={() => {
          againPressed.current = true;
          place.again();
        }}
      />
    );

  const submitBlock = !online
    ? t`You are offline. Your slip is saved on this device; send it when you are back online.`
    : !open
      ? t`This round is closed.`
      : null;
  const stake = formatSatang(slipTotals(slip).stake);

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
      {draft.unsaved ? (
        <p className="form-note" role="status">
          <Trans>
            This device is not keeping your slip (its storage is full or turned off): send it before you
            leave.
          </Trans>
        </p>
      ) : null}
      {!open && slip.lines.length > 0 ? <CarryOffer from={round} slip={slip} /> : null}
      <BetTypePicker
        options={book.options}
        defaultRate={rates.defaultRate}
        fourDigit={round.betGroup === "set4"}
        selected={selected}
        onSelect={setSelected}
        onOneShot={(helper) => void addBatchOf(oneShotBatch(helper, chosenOptions))}
      />
      <NumberEntry
        digits={maxDigits(book.options)}
        note={note}
        inputRef={entryInput}
        disabled={!draft.ready}
        onAdd={(entry) => addBatchOf(expandEntry(chosenOptions, flags, entry))}
      />
      <PopularNumbers
        round={round}
        chosen={chosenOptions}
        onAdd={(option, number) => void addBatchOf({ options: [option], numbers: [number] })}
      />
      <SlipLines
        slip={slip}
        onChange={updateSlip}
        onEmptied={focusEntry}
        tools={
          SlipTools ? (
            <SlipTools
              round={{ options: book.options, rates, limits: book.limits }}
              slip={slip}
              onLoad={updateSlip}
              suggestedName={roundName(i18n, round)}
            />
          ) : null
        }
      />
      {place.changes ? (
        <RateChanges
          changes={place.changes.list}
          pending={place.form.pending}
          onConfirm={place.confirmRates}
        />
      ) : null}
      <StickyBottomBar className="submit-bar">
        <FormError message={place.form.error?.() ?? null} />
        {submitBlock ? (
          <p className="form-note" role="status">
            {submitBlock}
          </p>
        ) : null}
        <button
          type="button"
          className="button button-primary button-block button-large"
          disabled={
            place.form.pending || slip.lines.length === 0 || submitBlock !== null || place.changes !== null
          }
          onClick={() => void place.submit(slip)}
        >
          {place.form.pending ? <Trans>Sending…</Trans> : <Trans>Place bet {stake}</Trans>}
        </button>
      </StickyBottomBar>
    </div>
  );
}
