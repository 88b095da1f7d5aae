import { Trans } from "@lingui/react/macro";
import { type RefObject, useId, useRef, useState } from "react";
import type { Text } from "../../lib/submit.ts";
import { NumberPad } from "../../ui/NumberPad.tsx";
import { cleanEntry } from "./builder.ts";

/** The number being typed (keyboard or pad), added with Add or Enter; `note` says what became of the last one. */
export function NumberEntry({
  digits,
  note,
  onAdd,
  inputRef,
  disabled = false,
}: {
  /** The longest number the round's options take. */
  digits: number;
  note: Text | null;
  /** Adds the number; answers whether it was taken (the field then empties). */
  onAdd: (entry: string) => boolean;
  /** The number field, for the builder to bring focus back to it (the slip's last line removed). */
  inputRef?: RefObject<HTMLInputElement | null>;
  /** While the device's draft is being read: a number typed then would have nowhere to go. */
  disabled?: boolean;
}) {
  const id = useId();
  const ownInput = useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownInput;
  const [entry, setEntry] = useState("");
  const add = () => {
    if (entry === "") return;
    if (onAdd(entry)) setEntry("");
    input.current?.focus();
  };
  return (
    <div className="entry">
      <label id={`${id}-label`} htmlFor={id} className="section-title">
        <Trans>Number</Trans>
      </label>
      <div className="entry-row">
        <input
          id={id}
          ref={input}
          className="entry-input"
          inputMode="numeric"
          autoComplete="off"
          maxLength={digits}
          value={entry}
          disabled={disabled}
          onChange={(e) => setEntry(cleanEntry(e.target.value, digits))}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button button-primary" onClick={add} disabled={disabled}>
          <Trans>Add</Trans>
        </button>
      </div>
      <NumberPad value={entry} onChange={(next) => setEntry(cleanEntry(next, digits))} />
      {note ? (
        <p className="form-note builder-note" role="status">
          {note()}
        </p>
      ) : null}
    </div>
  );
}
