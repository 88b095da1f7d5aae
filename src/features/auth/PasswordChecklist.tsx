import { Trans } from "@lingui/react/macro";
import { passwordChecks } from "../../domain/account.ts";

/** Live rules under a new PIN, from the same checks the server applies. */
export function PasswordChecklist({ password }: { password: string }) {
  const checks = passwordChecks(password);
  const item = (ok: boolean, text: React.ReactNode) => (
    <li className={ok ? "check-ok" : "check-todo"}>
      <span aria-hidden="true">{ok ? "✓" : "•"}</span> {text}
    </li>
  );
  return (
    <ul className="password-checklist">
      {item(checks.length, <Trans>8 to 30 characters</Trans>)}
      {item(checks.upper, <Trans>an uppercase letter (A-Z)</Trans>)}
      {item(checks.lower, <Trans>a lowercase letter (a-z)</Trans>)}
      {item(checks.digit, <Trans>a digit (0-9)</Trans>)}
      {item(checks.special, <Trans>a special character: # ? ! @ $ % ^ & * - or space</Trans>)}
    </ul>
  );
}
