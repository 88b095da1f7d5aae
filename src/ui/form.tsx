import { useLingui } from "@lingui/react/macro";
import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react";
import type { Submit } from "../lib/submit.ts";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  /** Shown under the field and announced; also marks the field invalid. */
  error?: string | null | undefined;
  hint?: string | undefined;
}

/** The ids of the hint and the error that FieldMessages writes for the field `id`, for aria-describedby. */
export const fieldDescribedBy = (id: string, hint?: string | null, error?: string | null) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

/** A field's hint and its error (announced), under it. */
export function FieldMessages({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: string | null | undefined;
  error?: string | null | undefined;
}) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A labelled input with its hint and error tied to it for screen readers. */
export function TextField({ label, error, hint, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className={`field ${error ? "field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, hint, error)}
        {...input}
      />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/** A PIN/password input with a show/hide toggle. */
export function PasswordField(props: FieldProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-field">
      <TextField {...props} type={visible ? "text" : "password"} />
      <button
        type="button"
        className="link-button password-toggle"
        aria-pressed={visible}
        onClick={() => setVisible(!visible)}
      >
        {visible ? t`Hide` : t`Show`}
      </button>
    </div>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

/** The end of a form: what went wrong, then the big submit button, off and saying so while it sends. */
export function FormSubmit({
  submit,
  label,
  busyLabel,
}: {
  submit: Pick<Submit, "pending" | "error">;
  label: ReactNode;
  busyLabel: ReactNode;
}) {
  return (
    <>
      <FormError message={submit.error?.() ?? null} />
      <button
        type="submit"
        className="button button-primary button-block button-large"
        disabled={submit.pending}
      >
        {submit.pending ? busyLabel : label}
      </button>
    </>
  );
}
