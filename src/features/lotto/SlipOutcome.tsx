import { Trans, useLingui } from "@lingui/react/macro";
import { formatBaht, formatSatang, satangOf } from "../../lib/format.ts";
import "./lotto.css";
import type { Poy, PoyLine } from "./lottoApi.ts";
import { OPTION_TEXT } from "./messages.ts";

/**
 * What a slip came to, for /poy (docs/results-api.md "Slips after the result"): the total won, the result it was
 * judged on, and won or not per line. A waiting slip shows what it may win, as before.
 */

/** The slip's total won: the server's, or (a slip view without it) the sum of its lines' payouts. */
export function totalWon(poy: Pick<Poy, "payout" | "lines">): string {
  if (poy.payout !== undefined && poy.payout !== null) return formatBaht(poy.payout);
  return formatSatang(poy.lines.reduce((sum, l) => sum + satangOf(l.payout ?? null), 0n));
}

export function OutcomeTotals({ poy }: { poy: Poy }) {
  const decided = poy.status === "won" || poy.status === "lost";
  return (
    <dl className="slip-totals">
      <dt>
        <Trans>Stake</Trans>
      </dt>
      <dd className="money">{formatBaht(poy.total)}</dd>
      {poy.status === "waiting" ? (
        <>
          <dt>
            <Trans>Potential win</Trans>
          </dt>
          <dd className="money">{formatBaht(poy.potentialWin)}</dd>
        </>
      ) : null}
      {decided ? (
        <>
          <dt>
            <Trans>Total won</Trans>
          </dt>
          <dd className={`money ${poy.status === "won" ? "poy-won-amount" : ""}`}>{totalWon(poy)}</dd>
        </>
      ) : null}
      {poy.status === "refunded" || poy.status === "cancelled" ? (
        <>
          <dt>
            <Trans>Refunded</Trans>
          </dt>
          <dd className="money">{formatBaht(poy.total)}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** Why the stake came back, in plain words. */
export function OutcomeNote({ status }: { status: string }) {
  if (status === "refunded")
    return (
      <p className="form-note" role="note">
        <Trans>This round was cancelled, so your stake was refunded to your balance.</Trans>
      </p>
    );
  if (status === "cancelled")
    return (
      <p className="form-note" role="note">
        <Trans>You cancelled this slip; the stake went back to your balance.</Trans>
      </p>
    );
  return null;
}

/** The result the slip was judged on: the digits its options look at. */
export function SlipResult({ poy }: { poy: Poy }) {
  const { t, i18n } = useLingui();
  const result = poy.result;
  if (!result) return null;
  const o = (key: keyof typeof OPTION_TEXT) => i18n._(OPTION_TEXT[key]);
  const cells: [string, string | null][] =
    poy.betGroup === "set4"
      ? [[o("fourTop"), result.four]]
      : [
          [o("tengBon3"), result.top3],
          [o("tengBon2"), result.top2],
          [o("tengLang2"), result.bottom2],
        ];
  if (poy.betGroup === "gov") {
    cells.push([o("tengBonNha3"), (result.front3 ?? []).join(" · ") || null]);
    cells.push([o("tengLang3"), (result.back3 ?? []).join(" · ") || null]);
  }
  return (
    <section className="poy-result-box" aria-label={t`Result`}>
      <p className="helper-label">
        <Trans>Result</Trans>
      </p>
      <dl className="poy-result">
        {cells
          .filter((cell): cell is [string, string] => Boolean(cell[1]))
          .map(([label, value]) => (
            <div key={label} className="result-cell">
              <dt>{label}</dt>
              <dd className="result-digits">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/** A line's outcome next to it: won and how much, or not won; nothing while waiting or after a refund. */
export function LineOutcome({ line }: { line: PoyLine }) {
  if (line.status === "won") {
    const amount = formatBaht(line.payout ?? line.potentialWin);
    return (
      <span className="badge badge-ok">
        <Trans>Won {amount}</Trans>
      </span>
    );
  }
  if (line.status === "lost")
    return (
      <span className="badge badge-off">
        <Trans>Not won</Trans>
      </span>
    );
  return null;
}

/** How many of the slip's lines won (shown once the slip is decided). */
export function wonLines(poy: Pick<Poy, "lines">): number {
  return poy.lines.filter((l) => l.status === "won").length;
}
