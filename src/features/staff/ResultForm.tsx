import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { STAFF_TEXT_LENGTH } from "../../domain/contracts/common.ts";
import {
  headlineOf,
  type LottoFamily,
  type PayloadField,
  parseResultPayload,
  payloadFields,
} from "../../domain/lotto/index.ts";
import type { StaffRoundResult } from "./staffApi.ts";

/** What each payload field is called, as the official results name it. */
export function usePayloadLabels(family: LottoFamily): Record<PayloadField["key"], string> {
  const { t } = useLingui();
  return {
    number: t`Result (5 digits)`,
    first: family === "gov" ? t`First prize (6 digits)` : t`First prize`,
    front3: t`3-front`,
    back3: t`3-back`,
    bottom2: t`2-bottom`,
    close: t`Index close`,
    change: t`Change`,
    draw: t`Draw (6 digits)`,
    special: t`Special prize (5 digits)`,
  };
}

export type Values = Record<string, string>;

export function fieldInputs(field: PayloadField): { name: PayloadField["key"]; index?: number }[] {
  if ("count" in field) return [0, 1].map((index) => ({ name: field.key, index }));
  return [{ name: field.key }];
}

export function toPayload(fields: PayloadField[], values: Values): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of fields) {
    payload[field.key] =
      "count" in field
        ? [values[`${field.key}.0`] ?? "", values[`${field.key}.1`] ?? ""]
        : (values[field.key] ?? "");
  }
  return payload;
}

export function ResultForm({
  round,
  correction,
  disabled,
  onSubmit,
}: {
  round: StaffRoundResult;
  correction: boolean;
  disabled: boolean;
  onSubmit: (payload: Record<string, unknown>, note: string) => void;
}) {
  const { t } = useLingui();
  const fields = payloadFields(round.betGroup, round.betName);
  const [values, setValues] = useState<Values>({});
  const [note, setNote] = useState("");
  const [open, setOpen] = useState(!correction);
  const labels = usePayloadLabels(round.betGroup);
  if (!open)
    return (
      <button type="button" className="button" onClick={() => setOpen(true)}>
        <Trans>Correct this result</Trans>
      </button>
    );
  const payload = toPayload(fields, values);
  let preview: ReturnType<typeof headlineOf> | null = null;
  let problem: string | null = null;
  try {
    preview = headlineOf(parseResultPayload(round.betGroup, round.betName, payload).outcome);
  } catch (err) {
    problem = (err as Error).message;
  }
  const touched = Object.values(values).some((v) => v.trim() !== "");
  const noteNeeded = correction && note.trim().length < 2;
  return (
    <form
      className="inline-form result-form"
      aria-label={correction ? t`Correct the result of ${round.name}` : t`Enter the result of ${round.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (preview && !noteNeeded) onSubmit(payload, note.trim());
      }}
    >
      {fields.flatMap((field) =>
        fieldInputs(field).map(({ name, index }) => {
          const key = index === undefined ? name : `${name}.${index}`;
          const label = index === undefined ? labels[name] : `${labels[name]} #${index + 1}`;
          return (
            <input
              key={key}
              aria-label={label}
              placeholder={label}
              inputMode={"decimal" in field ? "decimal" : "numeric"}
              maxLength={"digits" in field ? field.digits : 20}
              value={values[key] ?? ""}
              onChange={(e) => setValues({ ...values, [key]: e.target.value })}
            />
          );
        }),
      )}
      {correction ? (
        <input
          aria-label={t`What the correction corrects`}
          placeholder={t`What the correction corrects`}
          value={note}
          maxLength={STAFF_TEXT_LENGTH.max}
          onChange={(e) => setNote(e.target.value)}
        />
      ) : null}
      <p className="result-preview" aria-live="polite">
        {preview ? (
          <Trans>
            Will be judged as 3-top {preview.top3}, 2-top {preview.top2}, 2-bottom {preview.bottom2}
          </Trans>
        ) : touched ? (
          <Trans>Not complete yet: {problem}</Trans>
        ) : null}
      </p>
      <button type="submit" className="button button-primary" disabled={disabled || !preview || noteNeeded}>
        {correction ? <Trans>Enter correction</Trans> : <Trans>Enter result</Trans>}
      </button>
    </form>
  );
}
