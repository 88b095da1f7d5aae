import { Trans, useLingui } from "@lingui/react/macro";
import { type PingpongCheck, verifyPingpong } from "./verify.ts";
import type { ExternalPublication, PingpongPublication } from "./yeekeeApi.ts";
import "./yeekee.css";
import { CopyButton } from "../../ui/CopyButton.tsx";
import { Outcome } from "../../ui/Outcome.tsx";
import { useRecheck, useReport } from "./verifyHooks.ts";
import { CheckFailedToRun, CheckItem, Checking, RawData, Verdict, WhySection } from "./verifyParts.tsx";

export function PingpongVerify({
  publication,
  onRecheck,
}: {
  publication: PingpongPublication;
  onRecheck: () => Promise<void>;
}) {
  const { t } = useLingui();
  const { report, failed } = useReport(publication, verifyPingpong);
  const pending = report ? report.checks.some((c) => c.state === "pending") : false;
  useRecheck(pending, onRecheck);
  if (failed) return <CheckFailedToRun />;
  if (!report) return <Checking />;
  const seed = publication.seed;
  return (
    <>
      <Verdict
        checks={report.checks}
        number={report.recomputed}
        cancelled={
          publication.result?.status === "cancelled" ? (
            <Trans>The round was cancelled and every bet refunded.</Trans>
          ) : null
        }
      />
      <section aria-labelledby="verify-checks-title">
        <h2 id="verify-checks-title" className="section-title">
          <Trans>What your browser checked</Trans>
        </h2>
        <ul className="verify-checks">
          {report.checks.map((check) => (
            <CheckItem key={check.id} state={check.state}>
              <PingpongCheckText check={check} />
            </CheckItem>
          ))}
        </ul>
      </section>
      <section aria-labelledby="verify-data-title">
        <h2 id="verify-data-title" className="section-title">
          <Trans>Published data</Trans>
        </h2>
        <dl className="verify-data">
          <dt>
            <Trans>Commitment (published when the round was created)</Trans>
          </dt>
          <dd>
            <code className="ying-hash">{publication.commitment}</code>
            <CopyButton value={publication.commitment} label={t`Copy the commitment`} />
          </dd>
          <dt>
            <Trans>Seed (revealed when the number is drawn)</Trans>
          </dt>
          <dd>
            {seed ? (
              <>
                <code className="ying-hash">{seed}</code>
                <CopyButton value={seed} label={t`Copy the seed`} />
              </>
            ) : (
              <Trans>Not revealed yet.</Trans>
            )}
          </dd>
        </dl>
      </section>
      <WhyPingpong />
      <RawData betId={publication.betId} />
    </>
  );
}

export function PingpongCheckText({ check }: { check: PingpongCheck }) {
  switch (check.id) {
    case "seed":
      return check.state === "pass" ? (
        <Trans>The secret seed has been revealed.</Trans>
      ) : (
        <Trans>The secret seed is revealed when the number is drawn, a minute after betting closes.</Trans>
      );
    case "commitment":
      if (check.state === "pending")
        return <Trans>The seed will be checked against the commitment published before betting.</Trans>;
      return check.state === "pass" ? (
        <Trans>The seed matches the commitment published before anyone could bet.</Trans>
      ) : (
        <Trans>The seed does not match the commitment published before betting.</Trans>
      );
    case "number": {
      const recomputed = check.recomputed ?? "–";
      const published = check.published ?? "–";
      if (check.state === "pending") return <Trans>The number is not drawn yet.</Trans>;
      return check.state === "pass" ? (
        <Trans>The number computed from the seed is {recomputed}, the same as the published result.</Trans>
      ) : (
        <Trans>
          The number computed from the seed is {recomputed}, but the published result is {published}.
        </Trans>
      );
    }
  }
}

export function WhyPingpong() {
  return (
    <WhySection>
      <ul>
        <li>
          <Trans>
            Before betting opened, the site published a commitment: the SHA-256 of "commit:" and a secret
            random seed. After that the seed cannot be swapped without the commitment no longer matching.
          </Trans>
        </li>
        <li>
          <Trans>
            After betting closed the seed was revealed. The number is the first 8 bytes of the seed's SHA-256,
            modulo 100000, so nobody could pick it once the commitment was out; your browser just recomputed
            both.
          </Trans>
        </li>
      </ul>
      <p className="form-note">
        <Trans>Check by hand, with the seed in SEED:</Trans>
      </p>
      <pre className="verify-pre">
        {'printf %s "$SEED" | xxd -r -p | sha256sum\nprintf \'commit:%s\' "$SEED" | sha256sum'}
      </pre>
    </WhySection>
  );
}

export const payloadText = (value: unknown): string =>
  Array.isArray(value) ? value.map(payloadText).join(", ") : typeof value === "object" ? "" : String(value);

/**
 * Government, stock and 4-digit results come from outside (staff or a results feed): shown as entered, with what
 * a player can compare them against, since there is no draw to recompute.
 */
export function ExternalResult({ publication }: { publication: ExternalPublication }) {
  const { t } = useLingui();
  const source = publication.source ?? t`an outside source`;
  const payload = publication.result?.payload ?? null;
  const entries = payload ? Object.entries(payload).filter(([, v]) => payloadText(v) !== "") : [];
  return (
    <Outcome tone="off" title={<Trans>Result from an outside source</Trans>}>
      <p>
        <Trans>
          This result comes from {source}: the site does not draw it, so there is nothing to recompute here.
          Compare it with the official announcement.
        </Trans>
      </p>
      {entries.length > 0 ? (
        <dl className="slip-totals">
          {entries.map(([key, value]) => (
            <ExternalField key={key} name={key} value={payloadText(value)} />
          ))}
        </dl>
      ) : (
        <p>
          <Trans>No result has been entered yet.</Trans>
        </p>
      )}
    </Outcome>
  );
}

export function ExternalField({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt>{name}</dt>
      <dd>{value}</dd>
    </>
  );
}
