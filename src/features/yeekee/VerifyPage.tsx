import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import {
  fiveDigitOutcome,
  winningNumbers,
  YEEKEE_MIN_SHOTS,
  YEEKEE_SUBTRACTED_PLACE,
} from "../../domain/lotto/index.ts";
import { ApiError } from "../../lib/api.ts";
import { FAMILY_TEXT } from "../lotto/messages.ts";
import { roundName } from "../lotto/RoundsPage.tsx";
import { isFamily } from "../lotto/rounds.ts";
import { useLoad } from "../wallet/hooks.ts";
import { CopyButton, LoadState, Outcome, WalletPage } from "../wallet/WalletUi.tsx";
import { yeekeeErrorText } from "./messages.ts";
import { loadReceipts } from "./shots.ts";
import {
  allPassed,
  anyFailed,
  type CheckState,
  canHash,
  findShotByHash,
  type PingpongCheck,
  verifyPingpong,
  verifyYeekee,
  type YeekeeCheck,
  type YeekeeReport,
} from "./verify.ts";
import {
  type ExternalPublication,
  fetchPublication,
  fetchRound,
  type PingpongPublication,
  type Publication,
  type YeekeePublication,
} from "./yeekeeApi.ts";
import "../lotto/lotto.css";
import "./yeekee.css";

/** Shots per page of the list: a round can have thousands. */
export const SHOTS_PER_PAGE = 50;
/** Not published yet, or a check still waiting for the draw: asked again this often. */
const RECHECK_MS = 10_000;

/** /results/verify/$betId (public): recomputes a yeekee or ping-pong result in the browser from what was published. */
export function VerifyPage({ betId }: { betId: string }) {
  const { t, i18n } = useLingui();
  const publication = useLoad(() => fetchPublication(betId), [betId]);
  const round = useLoad(() => fetchRound(betId), [betId]);
  const notYet = publication.error instanceof ApiError && publication.error.code === "NOT_YET_PUBLISHED";
  const { reload } = publication;

  useEffect(() => {
    if (!notYet) return;
    const timer = setInterval(() => void reload(), RECHECK_MS);
    return () => clearInterval(timer);
  }, [notYet, reload]);

  const data = publication.data;
  const family = data?.betGroup ?? round.data?.betGroup;
  const name = round.data
    ? roundName(i18n, round.data)
    : family && isFamily(family)
      ? i18n._(FAMILY_TEXT[family])
      : null;
  return (
    <WalletPage title={t`Check a result`}>
      {name ? (
        <p className="lead ying-verify-round">
          {name}
          {data?.betType ? <span className="form-note"> · {data.betType}</span> : null}
        </p>
      ) : null}
      {!canHash() ? (
        <p className="form-error" role="alert">
          <Trans>
            This browser cannot compute SHA-256 on this page (it needs a secure https address), so the checks
            cannot run here.
          </Trans>
        </p>
      ) : null}
      {notYet ? (
        <Outcome tone="wait" title={<Trans>Not published yet</Trans>}>
          <p>
            <Trans>
              The full list of shots is published as soon as shooting closes, 2 minutes after betting closes.
              This page checks again by itself.
            </Trans>
          </p>
        </Outcome>
      ) : publication.error ? (
        <p className="form-error" role="alert">
          {yeekeeErrorText(i18n, publication.error)}
        </p>
      ) : (
        <LoadState loaded={{ ...publication, error: null }} />
      )}
      {data && canHash() ? <Published key={betId} publication={data} onRecheck={reload} /> : null}
    </WalletPage>
  );
}

function Published({ publication, onRecheck }: { publication: Publication; onRecheck: () => Promise<void> }) {
  if (publication.kind === "yeekee") return <YeekeeVerify publication={publication} onRecheck={onRecheck} />;
  if (publication.kind === "pingpong")
    return <PingpongVerify publication={publication} onRecheck={onRecheck} />;
  return <ExternalResult publication={publication} />;
}

/** Asks again while something is still waiting for the draw. */
function useRecheck(pending: boolean, onRecheck: () => Promise<void>) {
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void onRecheck(), RECHECK_MS);
    return () => clearInterval(timer);
  }, [pending, onRecheck]);
}

function useReport<P, R>(publication: P, run: (p: P) => Promise<R>): { report: R | null; failed: boolean } {
  const [state, setState] = useState<{ for: P; report: R | null; failed: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    run(publication).then(
      (report) => {
        if (live) setState({ for: publication, report, failed: false });
      },
      () => {
        if (live) setState({ for: publication, report: null, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [publication, run]);
  return state && state.for === publication ? state : { report: null, failed: false };
}

const runYeekee = (p: YeekeePublication) => verifyYeekee(p, loadReceipts(p.betId));

function YeekeeVerify({
  publication,
  onRecheck,
}: {
  publication: YeekeePublication;
  onRecheck: () => Promise<void>;
}) {
  const { report, failed } = useReport(publication, runYeekee);
  const pending = report ? report.checks.some((c) => c.state === "pending") : false;
  useRecheck(pending, onRecheck);
  if (failed) return <CheckFailedToRun />;
  if (!report) return <Checking />;
  const number = report.recomputed && !report.recomputed.cancelled ? report.recomputed.number : null;
  return (
    <>
      <Verdict
        checks={report.checks}
        number={number}
        cancelled={
          report.recomputed?.cancelled ? (
            <Trans>
              Fewer than {YEEKEE_MIN_SHOTS} shots: the round was cancelled and every bet refunded.
            </Trans>
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
              <YeekeeCheckText check={check} betType={publication.betType} />
            </CheckItem>
          ))}
        </ul>
      </section>
      <Recomputed report={report} />
      <WhyYeekee />
      <ReceiptLookup shots={report.shots} />
      <ShotList shots={report.shots} />
      <RawData betId={publication.betId} />
    </>
  );
}

function Checking() {
  return (
    <p role="status" className="loading-text">
      <Trans>Checking in your browser…</Trans>
    </p>
  );
}

function CheckFailedToRun() {
  return (
    <p className="form-error" role="alert">
      <Trans>The published data could not be read, so it could not be checked.</Trans>
    </p>
  );
}

function Verdict({
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

function CheckItem({ state, children }: { state: CheckState; children: React.ReactNode }) {
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

function YeekeeCheckText({ check, betType }: { check: YeekeeCheck; betType: string }) {
  switch (check.id) {
    case "genesis":
      return check.state === "pass" ? (
        <Trans>The chain starts from this round's own starting hash, SHA-256 of "yeekee:{betType}".</Trans>
      ) : (
        <Trans>The chain does not start from this round's own starting hash.</Trans>
      );
    case "sequence": {
      const { count, firstBad } = check;
      return check.state === "pass" ? (
        <Trans>The list is complete: shots #1 to #{count}, none missing, none repeated.</Trans>
      ) : (
        <Trans>The list is not complete or out of order at place #{firstBad}.</Trans>
      );
    }
    case "chain": {
      const seq = check.brokenAtSeq;
      return check.state === "pass" ? (
        <Trans>Every shot's hash follows from the shot and the hash before it.</Trans>
      ) : (
        <Trans>The chain breaks at shot #{seq}: the list is not the one the shooters got receipts for.</Trans>
      );
    }
    case "result": {
      const recomputed = check.recomputed;
      const published = check.published?.number ?? "–";
      if (check.state === "pending") return <Trans>The result is not published yet.</Trans>;
      if (recomputed === null) return <Trans>The result cannot be recomputed from this list.</Trans>;
      if (recomputed.cancelled) {
        const shots = recomputed.shots;
        return check.state === "pass" ? (
          <Trans>
            Shots: {shots}, fewer than {YEEKEE_MIN_SHOTS}: cancelled, as published.
          </Trans>
        ) : (
          <Trans>
            Shots: {shots}, fewer than {YEEKEE_MIN_SHOTS}, yet the round was not published as cancelled.
          </Trans>
        );
      }
      const number = recomputed.number;
      return check.state === "pass" ? (
        <Trans>The result recomputed from the list is {number}, the same as the published result.</Trans>
      ) : (
        <Trans>
          The result recomputed from the list is {number}, but the published result is {published}.
        </Trans>
      );
    }
    case "receipts": {
      const total = check.total;
      const missing = check.missing.map((r) => `#${r.seq}`).join(", ");
      return check.state === "pass" ? (
        <Trans>Your shots kept on this device ({total}) are in the list at their places, unchanged.</Trans>
      ) : (
        <Trans>Some of your shots are not in the list as their receipts say: {missing}.</Trans>
      );
    }
  }
}

function Recomputed({ report }: { report: YeekeeReport }) {
  const result = report.recomputed;
  if (!result || result.cancelled) return null;
  const subtracted = report.shots[report.shots.length - YEEKEE_SUBTRACTED_PLACE];
  const won = winningNumbers(fiveDigitOutcome(result.number));
  return (
    <section aria-labelledby="verify-recomputed-title">
      <h2 id="verify-recomputed-title" className="section-title">
        <Trans>How the number comes out of the list</Trans>
      </h2>
      <dl className="slip-totals">
        <dt>
          <Trans>Shots</Trans>
        </dt>
        <dd>{report.shots.length}</dd>
        <dt>
          <Trans>Sum of all shots</Trans>
        </dt>
        <dd>{result.sum.toString()}</dd>
        <dt>
          <Trans>16th latest shot</Trans>
        </dt>
        <dd>{subtracted ? `#${subtracted.seq} · ${subtracted.yingNumber}` : result.subtracted}</dd>
        <dt>
          <Trans>Sum minus the 16th latest shot, last 5 digits</Trans>
        </dt>
        <dd className="ying-now">{result.number}</dd>
        <dt>
          <Trans>3 top</Trans>
        </dt>
        <dd>{won.tengBon3[0]}</dd>
        <dt>
          <Trans>2 top</Trans>
        </dt>
        <dd>{won.tengBon2[0]}</dd>
        <dt>
          <Trans>2 bottom</Trans>
        </dt>
        <dd>{won.tengLang2[0]}</dd>
      </dl>
    </section>
  );
}

/** The section under a verification that says, in words, why the checks rule out a chosen number. */
function WhySection({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="verify-why-title" className="verify-why">
      <h2 id="verify-why-title" className="section-title">
        <Trans>Why this shows the house did not choose the number</Trans>
      </h2>
      {children}
    </section>
  );
}

function WhyYeekee() {
  return (
    <WhySection>
      <ul>
        <li>
          <Trans>
            Nobody picks the number: it is the sum of every shot minus the 16th latest shot. Only members
            shoot; the house adds no shots and runs no shooting bots.
          </Trans>
        </li>
        <li>
          <Trans>
            Each shot is chained to every shot before it: its hash is SHA-256 of the previous hash and the
            shot. Shooters got their hash as a receipt the moment they shot, so no shot can be changed,
            removed, added or moved afterwards without breaking the receipts of everyone who shot later.
          </Trans>
        </li>
        <li>
          <Trans>
            The whole list is published, from the first shot to the last. Your browser recomputed the chain
            and the number from it just now; the site's own result was only compared, never trusted.
          </Trans>
        </li>
      </ul>
    </WhySection>
  );
}

function ReceiptLookup({ shots }: { shots: YeekeeReport["shots"] }) {
  const id = useId();
  const [hash, setHash] = useState("");
  const typed = hash.trim() !== "";
  const found = typed ? findShotByHash(shots, hash) : null;
  const seq = found?.seq;
  const number = found?.yingNumber;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        <Trans>Find your shot</Trans>
      </h2>
      <div className="field">
        <label htmlFor={id}>
          <Trans>Paste a receipt hash</Trans>
        </label>
        <input
          id={id}
          className="ying-hash-input"
          autoComplete="off"
          spellCheck={false}
          value={hash}
          onChange={(e) => setHash(e.target.value)}
        />
      </div>
      {typed ? (
        <p role="status" className={found ? "success-text" : "form-note"}>
          {found ? (
            <Trans>
              This receipt is shot #{seq}, number {number}.
            </Trans>
          ) : (
            <Trans>This hash is not in this round's list.</Trans>
          )}
        </p>
      ) : null}
    </section>
  );
}

const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

function ShotList({ shots }: { shots: YeekeeReport["shots"] }) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(shots.length / SHOTS_PER_PAGE));
  const [page, setPage] = useState(1);
  const shown = shots.slice((page - 1) * SHOTS_PER_PAGE, page * SHOTS_PER_PAGE);
  const count = shots.length;
  return (
    <section aria-labelledby="verify-list-title">
      <h2 id="verify-list-title" className="section-title">
        <Trans>Every shot ({count})</Trans>
      </h2>
      {count === 0 ? (
        <p className="form-note">
          <Trans>No shots were fired in this round.</Trans>
        </p>
      ) : (
        <>
          <table className="verify-shots">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">
                  <Trans>Shot</Trans>
                </th>
                <th scope="col">
                  <Trans>Hash</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((shot) => (
                <tr key={shot.seq}>
                  <td>{shot.seq}</td>
                  <td className="slip-number">{shot.yingNumber}</td>
                  <td>
                    <code title={shot.hash}>{shortHash(shot.hash)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {pages > 1 ? (
            <nav className="verify-pages" aria-label={t`Pages of the shot list`}>
              <button
                type="button"
                className="button button-small"
                disabled={page <= 1}
                onClick={() => setPage((p) => Math.max(1, p - 1))}
              >
                <Trans>Previous</Trans>
              </button>
              <span>
                <Trans>
                  Page {page} of {pages}
                </Trans>
              </span>
              <button
                type="button"
                className="button button-small"
                disabled={page >= pages}
                onClick={() => setPage((p) => Math.min(pages, p + 1))}
              >
                <Trans>Next</Trans>
              </button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}

function RawData({ betId }: { betId: number }) {
  return (
    <p className="form-note">
      <Trans>Check it with your own tools:</Trans>{" "}
      <a href={`/poy-api/lotto-verify?betId=${betId}`} target="_blank" rel="noopener">
        <Trans>the published data (JSON)</Trans>
      </a>
    </p>
  );
}

function PingpongVerify({
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

function PingpongCheckText({ check }: { check: PingpongCheck }) {
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

function WhyPingpong() {
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

const payloadText = (value: unknown): string =>
  Array.isArray(value) ? value.map(payloadText).join(", ") : typeof value === "object" ? "" : String(value);

/**
 * Government, stock and 4-digit results come from outside (staff or a results feed): shown as entered, with what
 * a player can compare them against, since there is no draw to recompute.
 */
function ExternalResult({ publication }: { publication: ExternalPublication }) {
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

function ExternalField({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt>{name}</dt>
      <dd>{value}</dd>
    </>
  );
}
