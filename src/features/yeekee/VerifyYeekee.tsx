import { Trans } from "@lingui/react/macro";
import {
  fiveDigitOutcome,
  winningNumbers,
  YEEKEE_MIN_SHOTS,
  YEEKEE_SUBTRACTED_PLACE,
  YING_MAX_SHOTS_PER_MEMBER,
} from "../../domain/lotto/index.ts";
import { loadReceipts } from "./shots.ts";
import { verifyYeekee, type YeekeeCheck, type YeekeeReport } from "./verify.ts";
import type { YeekeePublication } from "./yeekeeApi.ts";
import "./yeekee.css";
import { ReceiptLookup, ShotList } from "./VerifyShots.tsx";
import { useRecheck, useReport } from "./verifyHooks.ts";
import { CheckFailedToRun, CheckItem, Checking, RawData, Verdict, WhySection } from "./verifyParts.tsx";

export const runYeekee = (p: YeekeePublication) => verifyYeekee(p, loadReceipts(p.betId));

export function YeekeeVerify({
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
      <ConcentrationFigures report={report} />
      <WhyYeekee />
      <ReceiptLookup shots={report.shots} />
      <ShotList shots={report.shots} />
      <RawData betId={publication.betId} />
    </>
  );
}

export function YeekeeCheckText({ check, betType }: { check: YeekeeCheck; betType: string }) {
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
      if (check.state === "pass")
        return (
          <Trans>
            Every revealed number and salt give the receipt code published while the shot was sealed, and
            every shot's hash follows from that code and the hash before it.
          </Trans>
        );
      return check.why === "commitment" ? (
        <Trans>
          Shot #{seq}'s revealed number or salt does not give the receipt code published while it was sealed.
        </Trans>
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
        <Trans>
          Your receipts kept on this device ({total}) are in the list at their places, unchanged: same number,
          salt and code.
        </Trans>
      ) : (
        <Trans>Some of your shots are not in the list as their receipts say: {missing}.</Trans>
      );
    }
  }
}

export function Recomputed({ report }: { report: YeekeeReport }) {
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

/**
 * How concentrated the shooting was: many shots from one member do not change the rule, but a player may want
 * to know whether a few accounts fired most of the round. Recomputed from the list's per-round shooter labels.
 */
export function ConcentrationFigures({ report }: { report: YeekeeReport }) {
  const c = report.concentration;
  if (!c || c.shots === 0) return null;
  const distinct = c.distinct;
  const topCount = c.topCount;
  const shots = c.shots;
  const percent = Math.round(c.topShare * 1000) / 10;
  return (
    <section aria-labelledby="verify-concentration-title" className="verify-concentration">
      <h2 id="verify-concentration-title" className="section-title">
        <Trans>Who shot</Trans>
      </h2>
      <dl className="slip-totals">
        <dt>
          <Trans>Members who shot</Trans>
        </dt>
        <dd data-testid="verify-shooters">{distinct}</dd>
        <dt>
          <Trans>Share of the most active member</Trans>
        </dt>
        <dd data-testid="verify-top-share">
          <Trans>
            {percent}% ({topCount} of {shots} shots)
          </Trans>
        </dd>
      </dl>
      <p className="form-note">
        <Trans>
          Each member may fire at most {YING_MAX_SHOTS_PER_MEMBER} shots per round. The list labels each
          shooter with a number for this round only, so you can recount these figures yourself.
        </Trans>
      </p>
    </section>
  );
}

export function WhyYeekee() {
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
            While shooting was open every number was sealed: only a receipt code was published for each shot,
            the SHA-256 of the round, the shot's place, its number and a secret salt given to the shooter.
            Nobody could see the sum or the result, so nobody could aim the last shot.
          </Trans>
        </li>
        <li>
          <Trans>
            Each shot is chained to every shot before it: its hash is SHA-256 of the previous hash and its
            receipt code. Shooters got their hash as a receipt the moment they shot, so no shot can be
            changed, removed, added or moved afterwards without breaking the receipts of everyone who shot
            later.
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
