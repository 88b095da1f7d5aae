import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { YEEKEE_MIN_SHOTS } from "../../domain/lotto/index.ts";
import type { ResultRound, ShooterBonus, ShooterBonusRule, YingResult } from "./yeekeeApi.ts";
import "./yeekee.css";
import { formatBaht, formatLimit, satangOf } from "../../lib/format.ts";

export function ResultBox({
  round,
  result,
  rule,
}: {
  round: ResultRound;
  result: YingResult | null;
  rule: ShooterBonusRule | undefined;
}) {
  const verify = (
    <Link to="/results/verify/$betId" params={{ betId: String(round.betId) }} className="button">
      <Trans>Check this result yourself</Trans>
    </Link>
  );
  const slips = (
    <Link to="/poy/$betGroup/{-$poyId}" params={{ betGroup: round.betGroup }} className="button">
      <Trans>My slips</Trans>
    </Link>
  );
  if (!result || result.status === "waiting")
    return (
      <section className="outcome outcome-wait" aria-labelledby="ying-result-title">
        <h2 id="ying-result-title">
          <Trans>Result</Trans>
        </h2>
        <p role="status">
          <Trans>Shooting has closed. The result is being worked out from the shots…</Trans>
        </p>
      </section>
    );
  if (result.status === "cancelled") {
    const count = result.count;
    return (
      <section className="outcome outcome-off" aria-labelledby="ying-result-title">
        <h2 id="ying-result-title">
          <Trans>Round cancelled</Trans>
        </h2>
        <p role="status">
          <Trans>
            Shots fired: {count}, fewer than the {YEEKEE_MIN_SHOTS} a result needs. Every bet in this round is
            refunded.
          </Trans>
        </p>
        <div className="actions">
          {slips}
          {verify}
        </div>
      </section>
    );
  }
  return (
    <section className="outcome outcome-ok" aria-labelledby="ying-result-title">
      <h2 id="ying-result-title">
        <Trans>Result</Trans>
      </h2>
      <p className="ying-result-number" data-testid="ying-result">
        {result.number}
      </p>
      <dl className="ying-result-parts">
        <dt>
          <Trans>3 top</Trans>
        </dt>
        <dd>{result.top3}</dd>
        <dt>
          <Trans>2 top</Trans>
        </dt>
        <dd>{result.top2}</dd>
        <dt>
          <Trans>2 bottom</Trans>
        </dt>
        <dd>{result.bottom2}</dd>
      </dl>
      <BonusWinners bonuses={result.bonuses ?? []} rule={rule} />
      <div className="actions">
        {verify}
        {slips}
      </div>
    </section>
  );
}

/** The shooter bonus rule with the configured amounts, while shooting; nothing when both places' are off. */
export function BonusRule({ rule }: { rule: ShooterBonusRule | undefined }) {
  if (!rule) return null;
  const firstSatang = satangOf(rule.first);
  const sixteenthSatang = satangOf(rule.sixteenth);
  if (firstSatang <= 0n && sixteenthSatang <= 0n) return null;
  const first = formatLimit(firstSatang);
  const sixteenth = formatLimit(sixteenthSatang);
  let text: ReactNode;
  if (firstSatang === sixteenthSatang)
    text = (
      <Trans>
        Shooters at places #1 and #16 get a ฿{first} bonus each when they have a slip in this round.
      </Trans>
    );
  else if (sixteenthSatang <= 0n)
    text = <Trans>The shooter at place #1 gets a ฿{first} bonus when they have a slip in this round.</Trans>;
  else if (firstSatang <= 0n)
    text = (
      <Trans>The shooter at place #16 gets a ฿{sixteenth} bonus when they have a slip in this round.</Trans>
    );
  else
    text = (
      <Trans>
        The shooter at place #1 gets a ฿{first} bonus and the one at place #16 a ฿{sixteenth} bonus when they
        have a slip in this round.
      </Trans>
    );
  return (
    <p className="form-note ying-bonus-rule" data-testid="ying-bonus-rule">
      {text} <Trans>Place #1 is the last shot before shooting closes, #16 the 16th from the last.</Trans>
    </p>
  );
}

/**
 * Who got places #1 and #16 of a drawn round and what they were paid; the member's own place stands out.
 * `rule` (the configured amounts) tells "no slip" from "that place's bonus is off" when nothing was paid.
 */
export function BonusWinners({
  bonuses,
  rule,
}: {
  bonuses: readonly ShooterBonus[];
  rule: ShooterBonusRule | undefined;
}) {
  const offered = (b: ShooterBonus) =>
    rule === undefined || satangOf(b.place === 1 ? rule.first : rule.sixteenth) > 0n;
  const shown = bonuses.filter((b) => satangOf(b.amount) > 0n || offered(b));
  if (shown.length === 0) return null;
  return (
    <section className="ying-bonuses" aria-labelledby="ying-bonus-title">
      <h3 id="ying-bonus-title">
        <Trans>Shooter bonus</Trans>
      </h3>
      <ul>
        {shown.map((b) => (
          <BonusLine key={b.place} bonus={b} />
        ))}
      </ul>
    </section>
  );
}

export function BonusLine({ bonus }: { bonus: ShooterBonus }) {
  const place = bonus.place;
  const seq = bonus.seq;
  const paid = satangOf(bonus.amount);
  const amount = formatLimit(paid);
  const paidText = formatBaht(bonus.amount);
  return (
    <li className={bonus.mine ? "is-mine" : ""}>
      <span className="ying-bonus-place">
        <Trans>Place #{place}</Trans>
      </span>{" "}
      <span className="ying-seq">
        <Trans>shot #{seq}</Trans>
      </span>{" "}
      <span className="slip-number">{bonus.yingNumber}</span>{" "}
      <span className="ying-who">{bonus.mine ? <Trans>You</Trans> : bonus.userName}</span>
      <br />
      {bonus.mine ? (
        <strong className="ying-bonus-mine" role="status">
          {paid > 0n ? (
            <Trans>
              You won the ฿{amount} shooter bonus for place #{place}.
            </Trans>
          ) : (
            <Trans>Your shot took place #{place}, but you have no slip in this round: no bonus.</Trans>
          )}
        </strong>
      ) : paid > 0n ? (
        <span>
          <Trans>Bonus paid: {paidText}</Trans>
        </span>
      ) : (
        <span className="form-note">
          <Trans>No slip in this round, no bonus.</Trans>
        </span>
      )}
    </li>
  );
}
