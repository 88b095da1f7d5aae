import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { FieldMessages, fieldDescribedBy } from "./form.tsx";

/** A baht amount input (whole baht or two decimals) with quick choices, for thumbs. */
export function AmountField({
  label,
  value,
  onChange,
  error,
  hint,
  wholeBaht = false,
  choices = [100, 300, 500, 1000, 5000],
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  hint?: string;
  wholeBaht?: boolean;
  choices?: number[];
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className={`field ${error ? "field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <div className="amount-input">
        <span aria-hidden="true">฿</span>
        <input
          id={id}
          name="amount"
          inputMode={wholeBaht ? "numeric" : "decimal"}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescribedBy(id, hint, error)}
        />
      </div>
      {choices.length > 0 ? (
        <fieldset className="amount-choices">
          <legend className="visually-hidden">{t`Quick amounts`}</legend>
          {choices.map((choice) => (
            <button key={choice} type="button" className="chip" onClick={() => onChange(String(choice))}>
              {choice.toLocaleString("en-US")}
            </button>
          ))}
        </fieldset>
      ) : null}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
