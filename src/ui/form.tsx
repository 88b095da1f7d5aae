import { useLingui } from "@lingui/react/macro";
import { type InputHTMLAttributes, useId, useState } from "react";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  /** Shown under the field and announced; also marks the field invalid. */
  error?: string | null | undefined;
  hint?: string | undefined;
}

/** A labelled input with its hint and error tied to it for screen readers. */
export function TextField({ label, error, hint, ...input }: FieldProps) {
  const id = useId();
  const described =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field ${error ? "field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
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
