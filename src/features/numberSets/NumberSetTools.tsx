import { plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import type { Slip } from "../../domain/lotto/index.ts";
import { useLoad } from "../../lib/load.ts";
import { later, type Text, useSubmit } from "../../lib/submit.ts";
import { FormError } from "../../ui/form.tsx";
import { loadSetInto, type RoundPricing } from "./load.ts";
import { numberSetErrorText, skippedText } from "./messages.ts";
import { createNumberSet, fetchNumberSets, NUMBER_SET_MAX, type NumberSetLine } from "./numberSetsApi.ts";
import "./numberSets.css";

/**
 * "Save as number set": the lines of the builder's slip or of a placed slip, under a name the member chooses.
 * Folded into one button until asked for.
 */
export function SaveNumberSet({ lines, suggestedName }: { lines: NumberSetLine[]; suggestedName: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<{ name: string } | null>(null);
  const count = lines.length;

  if (!open) {
    return (
      <div className="number-set-tool">
        <button
          type="button"
          className="button button-small"
          disabled={count === 0}
          onClick={() => {
            setOpen(true);
            setSaved(null);
          }}
        >
          <Trans>Save as number set</Trans>
        </button>
        {saved ? <SavedNote name={saved.name} /> : null}
      </div>
    );
  }

  return (
    <NumberSetNameForm
      className="number-set-tool"
      label={t`Name of the number set`}
      initialName={suggestedName}
      saveLabel={t`Save`}
      onSave={async (name) => {
        const item = await createNumberSet(name, lines);
        setSaved({ name: item.name });
        setOpen(false);
      }}
      onCancel={() => setOpen(false)}
    >
      <p className="form-note">
        <Plural value={count} one="# line will be saved." other="# lines will be saved." />
      </p>
    </NumberSetNameForm>
  );
}

/** A number set's name, as saved and as renamed: one field under the server's rules, Save and Cancel. */
export function NumberSetNameForm({
  className = "",
  label,
  initialName,
  saveLabel,
  onSave,
  onCancel,
  children,
}: {
  className?: string;
  label: string;
  initialName: string;
  saveLabel: string;
  /** Gets the trimmed name; a throw shows as the form's error. */
  onSave: (name: string) => Promise<void>;
  onCancel: () => void;
  children?: React.ReactNode;
}) {
  const { t } = useLingui();
  const [name, setName] = useState(initialName);
  const sending = useSubmit({ errorText: numberSetErrorText });
  const id = useId();
  return (
    <form
      className={`number-set-form ${className}`.trim()}
      onSubmit={(e) => {
        e.preventDefault();
        void sending.run(() => onSave(name.trim()));
      }}
    >
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={name}
        maxLength={NUMBER_SET_MAX.name}
        autoComplete="off"
        required
        onChange={(e) => setName(e.target.value)}
      />
      {children}
      <FormError message={sending.error?.() ?? null} />
      <div className="actions">
        <button
          type="submit"
          className="button button-primary button-small"
          disabled={sending.pending || name.trim() === ""}
        >
          {sending.pending ? t`Saving…` : saveLabel}
        </button>
        <button type="button" className="button button-small" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

function SavedNote({ name }: { name: string }) {
  return (
    <p className="form-note number-set-saved" role="status">
      <Trans>Saved as “{name}”.</Trans>{" "}
      <Link to="/number-set">
        <Trans>My number sets</Trans>
      </Link>
    </p>
  );
}

/**
 * "Load a number set" in the builder: the set's lines join this round's slip as one batch, at this round's rates
 * and within its limits; what could not be added is listed.
 */
export function LoadNumberSet({
  round,
  slip,
  onLoad,
}: {
  round: RoundPricing;
  slip: Slip;
  onLoad: (next: Slip) => void;
}) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <div className="number-set-tool">
        <button type="button" className="button button-small" onClick={() => setOpen(true)}>
          <Trans>Load a number set</Trans>
        </button>
      </div>
    );
  }
  return <SetPicker round={round} slip={slip} onLoad={onLoad} onClose={() => setOpen(false)} />;
}

function SetPicker({
  round,
  slip,
  onLoad,
  onClose,
}: {
  round: RoundPricing;
  slip: Slip;
  onLoad: (next: Slip) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const sets = useLoad(fetchNumberSets);
  const [chosen, setChosen] = useState("");
  const [note, setNote] = useState<Text | null>(null);
  const id = useId();
  const list = sets.data ?? [];
  const picked = list.find((s) => s.id === chosen) ?? list[0];

  return (
    <div className="number-set-tool number-set-form">
      <FormError message={sets.error ? numberSetErrorText(i18n, sets.error) : null} />
      {sets.data && list.length === 0 ? (
        <p className="form-note">
          <Trans>You have no number sets yet. Build a slip, then save it as a number set.</Trans>
        </p>
      ) : null}
      {list.length > 0 ? (
        <>
          <label htmlFor={id}>
            <Trans>Number set</Trans>
          </label>
          <select id={id} value={picked?.id ?? ""} onChange={(e) => setChosen(e.target.value)}>
            {list.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.lineCount})
              </option>
            ))}
          </select>
        </>
      ) : null}
      {note ? (
        <p className="form-note number-set-loaded" role="status">
          {note()}
        </p>
      ) : null}
      <div className="actions">
        {picked ? (
          <button
            type="button"
            className="button button-primary button-small"
            onClick={() => {
              const result = loadSetInto(picked.poyListJson, slip, round);
              if (result.added > 0) onLoad(result.slip);
              const { added, skipped } = result;
              setNote(
                later(() => {
                  const addedText = t`${plural(added, { one: "Added # line.", other: "Added # lines." })}`;
                  if (skipped.length === 0) return addedText;
                  const list = skippedText(i18n, skipped);
                  return t`${addedText} Not added: ${list}.`;
                }),
              );
            }}
          >
            <Trans>Add to slip</Trans>
          </button>
        ) : null}
        <button type="button" className="button button-small" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
    </div>
  );
}
