import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { formatStatementTime } from "../../domain/bangkokTime.ts";
import { formatBaht } from "../../lib/format.ts";
import { useSubmit } from "../../lib/submit.ts";
import { FormError } from "../../ui/form.tsx";
import { showSnackbar } from "../../ui/snackbar.ts";
import { type Round, wireOptionText } from "../lotto/index.ts";
import type { SkippedLine } from "./load.ts";
import { numberSetErrorText } from "./messages.ts";
import { NumberSetNameForm } from "./NumberSetTools.tsx";
import { deleteNumberSet, type NumberSet, renameNumberSet } from "./numberSetsApi.ts";
import "./numberSets.css";
import { LoadIntoRound } from "./LoadIntoRound.tsx";

type Mode = "view" | "rename" | "delete" | "load";

export interface Loaded {
  round: Round;
  added: number;
  skipped: SkippedLine[];
}

export function SetCard({ set, onChanged }: { set: NumberSet; onChanged: () => Promise<void> }) {
  const { t, i18n } = useLingui();
  const [mode, setMode] = useState<Mode>("view");
  const sending = useSubmit({ errorText: numberSetErrorText });
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
              disabled={sending.pending}
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

export function RenameForm({
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
