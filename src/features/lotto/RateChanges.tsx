import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import type { RateChange } from "../../domain/lotto/index.ts";
import { optionText } from "./messages.ts";

/** The server refused the slip because rates changed: each changed line, and the one button that accepts them. */
export function RateChanges({
  changes,
  pending,
  onConfirm,
}: {
  changes: readonly RateChange[];
  pending: boolean;
  onConfirm: () => void;
}) {
  const { t, i18n } = useLingui();
  // The Place bet button that was pressed is now disabled (it lost the focus): the alert takes it.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="rate-changes" role="alert" aria-labelledby="rate-changes-title">
      <h2 id="rate-changes-title" ref={heading} tabIndex={-1}>
        <Trans>Rates have changed</Trans>
      </h2>
      <p>{t`Some rates have changed. Please check the new rates and confirm.`}</p>
      {changes.length > 0 ? (
        <ul>
          {changes.map((c) => (
            <li key={c.ref}>
              {optionText(i18n, c.option)} {c.number}: ×{c.from} →{" "}
              {c.to === null || c.to === "0" ? t`closed (will be removed)` : `×${c.to}`}
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" className="button button-primary" onClick={onConfirm} disabled={pending}>
        <Trans>Confirm new rates</Trans>
      </button>
    </section>
  );
}
