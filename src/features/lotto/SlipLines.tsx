import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import {
  potentialWin,
  removeLine,
  removeNumber,
  type Slip,
  type SlipLine,
  setAllPrices,
  setPrice,
  slipTotals,
  undoLastBatch,
} from "../../domain/lotto/index.ts";
import { bahtToSatang, satangToBaht } from "../../domain/money.ts";
import { formatSatang } from "../../lib/format.ts";
import { numberCounts } from "./builder.ts";
import { optionText } from "./messages.ts";

/** The slip being built: its lines with their prices, the tools that change many at once, and its totals. */
export function SlipLines({
  slip,
  onChange,
  tools,
  onEmptied,
}: {
  slip: Slip;
  onChange: (next: Slip) => void;
  tools: ReactNode;
  /** The last line was removed from the keyboard: the builder brings focus back to the number field. */
  onEmptied: () => void;
}) {
  const totals = slipTotals(slip);
  const counts = numberCounts(slip);
  const lineCount = totals.count;
  const list = useRef<HTMLUListElement>(null);
  // Removing lines removes the button that had the focus: where focus goes instead, once the slip re-renders
  // (the line now in the removed line's place, else the one before it, else the number field), never <body>.
  const focusNext = useRef<{ at: number } | null>(null);
  const removeAt = (at: number, next: Slip) => {
    focusNext.current = { at };
    onChange(next);
  };
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (slip.lines.length === 0) {
      onEmptied();
      return;
    }
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>(".slip-line-remove");
    buttons?.[Math.min(target.at, slip.lines.length - 1)]?.focus();
  }, [slip.lines, onEmptied]);
  return (
    <section aria-labelledby="slip-title" className="slip">
      <h2 id="slip-title" className="section-title">
        <Plural value={lineCount} one="Your slip (# line)" other="Your slip (# lines)" />
      </h2>
      <div className="slip-tools">{tools}</div>
      {slip.lines.length > 0 ? (
        <>
          <div className="slip-tools">
            <button
              type="button"
              className="button button-small"
              onClick={() => {
                const next = undoLastBatch(slip);
                if (next.lines.length === 0) removeAt(0, next);
                else onChange(next);
              }}
            >
              <Trans>Undo last entry</Trans>
            </button>
            <button
              type="button"
              className="button button-small button-danger-outline"
              onClick={() => removeAt(0, { lines: [] })}
            >
              <Trans>Clear slip</Trans>
            </button>
          </div>
          <SetAllPrices onSet={(satang) => onChange(setAllPrices(slip, satang))} />
          <ul className="slip-lines" ref={list}>
            {slip.lines.map((line, at) => (
              <LineRow
                key={line.ref}
                line={line}
                many={(counts.get(line.number) ?? 0) > 1}
                onPrice={(price) => onChange(setPrice(slip, line.ref, price))}
                onRemove={() => removeAt(at, removeLine(slip, line.ref))}
                onRemoveNumber={() =>
                  removeAt(
                    slip.lines.findIndex((l) => l.number === line.number),
                    removeNumber(slip, line.number),
                  )
                }
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
  );
}

function SetAllPrices({ onSet }: { onSet: (satang: bigint) => void }) {
  const id = useId();
  const [price, setPriceText] = useState("");
  return (
    <div className="set-all">
      <label htmlFor={id}>
        <Trans>Price for every line (baht)</Trans>
      </label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={price}
        onChange={(e) => setPriceText(e.target.value)}
      />
      <button
        type="button"
        className="button button-small"
        onClick={() => {
          const satang = bahtToSatang(price);
          if (satang !== null && satang > 0n) onSet(satang);
        }}
      >
        <Trans>Set all prices</Trans>
      </button>
    </div>
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
          className="button button-small slip-line-remove"
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
