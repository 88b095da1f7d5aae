import { Trans } from "@lingui/react/macro";
import { allPassed, anyFailed, type CheckState } from "./verify.ts";
import "./yeekee.css";
import { Outcome } from "../../ui/Outcome.tsx";

export function Checking() {
  return (
    <p role="status" className="loading-text">
      <Trans>Checking in your browser…</Trans>
    </p>
  );
}

export function CheckFailedToRun() {
  return (
    <p className="form-error" role="alert">
      <Trans>The published data could not be read, so it could not be checked.</Trans>
    </p>
  );
}

export function Verdict({
  checks,
  number,
  cancelled,
}: {
  checks: readonly { state: CheckState }[];
  number: string | null;
  /** Why the round has no number (it was cancelled), instead of the number. */
  cancelled: React.ReactNode | null;
}) {
  if (anyFailed(checks))
    return (
      <Outcome tone="bad" title={<Trans>A check failed</Trans>}>
        <p>
          <Trans>What was published does not hold together. See which check failed below.</Trans>
        </p>
      </Outcome>
    );
  if (!allPassed(checks))
    return (
      <Outcome tone="wait" title={<Trans>Waiting for the result</Trans>}>
        <p>
          <Trans>What is published so far checks out; the rest is checked when the result is out.</Trans>
        </p>
      </Outcome>
    );
  return (
    <Outcome tone="ok" title={<Trans>Every check passed</Trans>}>
      {cancelled ? (
        <p>{cancelled}</p>
      ) : (
        <p>
          <Trans>Recomputed in your browser:</Trans>{" "}
          <strong className="ying-result-number" data-testid="verified-number">
            {number}
          </strong>
        </p>
      )}
    </Outcome>
  );
}

export function CheckItem({ state, children }: { state: CheckState; children: React.ReactNode }) {
  return (
    <li className={`verify-check verify-${state}`}>
      <span className={`badge badge-${state === "pass" ? "ok" : state === "fail" ? "bad" : "wait"}`}>
        {state === "pass" ? (
          <Trans>Passed</Trans>
        ) : state === "fail" ? (
          <Trans>Failed</Trans>
        ) : (
          <Trans>Waiting</Trans>
        )}
      </span>{" "}
      <span>{children}</span>
    </li>
  );
}

/** The section under a verification that says, in words, why the checks rule out a chosen number. */
export function WhySection({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="verify-why-title" className="verify-why">
      <h2 id="verify-why-title" className="section-title">
        <Trans>Why this shows the house did not choose the number</Trans>
      </h2>
      {children}
    </section>
  );
}

export function RawData({ betId }: { betId: number }) {
  return (
    <p className="form-note">
      <Trans>Check it with your own tools:</Trans>{" "}
      <a href={`/poy-api/lotto-verify?betId=${betId}`} target="_blank" rel="noopener">
        <Trans>the published data (JSON)</Trans>
      </a>
    </p>
  );
}
