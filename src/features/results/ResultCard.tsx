import type { I18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { Flag } from "../../ui/Flag.tsx";
import { OPTION_TEXT, roundName } from "../lotto/index.ts";
import { flagOf, fourDigitNumbers, payloadText, roundNoOf } from "./results.ts";
import type { ResultView } from "./resultsApi.ts";
import "./results.css";

/** yyyy-mm-dd as the app writes dates elsewhere (statements): dd/mm/yyyy. */
export function formatDay(date: string): string {
  const [y, m, d] = date.split("-");
  return y && m && d ? `${d}/${m}/${y}` : date;
}

export function resultName(i18n: I18n, result: ResultView): string {
  return roundName(i18n, {
    name: result.name,
    nameEn: result.nameEn,
    betGroup: result.betGroup,
    betName: result.betName,
    roundNo: roundNoOf(result),
  });
}

export function VerifyLink({ result }: { result: ResultView }) {
  const { t, i18n } = useLingui();
  const name = resultName(i18n, result);
  // The verification page recomputes the result in the browser from the public shot list or seed.
  return (
    <Link
      to="/results/verify/$betId"
      params={{ betId: String(result.betId) }}
      className="button button-small result-verify"
      aria-label={t`Verify the result of ${name}`}
    >
      <Trans>Verify</Trans>
    </Link>
  );
}

export function DemoBadge() {
  const { t } = useLingui();
  return (
    <span className="badge badge-wait" title={t`Drawn by the demo results feed, not a real draw.`}>
      <Trans>Demo result</Trans>
    </span>
  );
}

export function Digits({
  label,
  value,
  big = false,
}: {
  label: string;
  value: string | null;
  big?: boolean;
}) {
  if (!value) return null;
  return (
    <div className={`result-cell ${big ? "result-cell-big" : ""}`}>
      <dt>{label}</dt>
      <dd className="result-digits">{value}</dd>
    </div>
  );
}

export function ResultNumbers({ result }: { result: ResultView }) {
  const { t, i18n } = useLingui();
  const o = (key: keyof typeof OPTION_TEXT) => i18n._(OPTION_TEXT[key]);
  switch (result.betGroup) {
    case "gov": {
      const first = payloadText(result, "first");
      return (
        <>
          <dl className="result-cells">
            <Digits label={t`First prize`} value={first} big />
          </dl>
          <dl className="result-cells">
            <Digits label={o("tengBon3")} value={result.top3} />
            <Digits label={o("tengBon2")} value={result.top2} />
            <Digits label={o("tengLang2")} value={result.bottom2} />
          </dl>
          <dl className="result-cells result-cells-pairs">
            <Digits label={o("tengBonNha3")} value={(result.front3 ?? []).join(" · ")} />
            <Digits label={o("tengLang3")} value={(result.back3 ?? []).join(" · ")} />
          </dl>
        </>
      );
    }
    case "set4": {
      const derived = fourDigitNumbers(result);
      const draw = payloadText(result, "draw");
      const special = payloadText(result, "special");
      const first = payloadText(result, "first");
      return (
        <>
          <dl className="result-cells">
            <Digits label={o("fourTop")} value={result.four} big />
          </dl>
          {derived ? (
            <dl className="result-cells">
              <Digits label={o("threeTop")} value={derived.threeTop} />
              <Digits label={o("threeFront")} value={derived.threeFront} />
              <Digits label={o("twoFront")} value={derived.twoFront} />
              <Digits label={o("twoBack")} value={derived.twoBack} />
            </dl>
          ) : null}
          <p className="result-source">
            {draw ? <Trans>Draw: {draw}</Trans> : null}
            {special ? <Trans>Special prize: {special}</Trans> : null}
            {special && first ? " · " : null}
            {first ? <Trans>1st prize: {first}</Trans> : null}
          </p>
        </>
      );
    }
    default: {
      const number = payloadText(result, "number");
      const close = payloadText(result, "close");
      const change = payloadText(result, "change");
      return (
        <>
          <dl className="result-cells">
            <Digits label={o("tengBon3")} value={result.top3} big />
            <Digits label={o("tengBon2")} value={result.top2} big />
            <Digits label={o("tengLang2")} value={result.bottom2} big />
          </dl>
          {number ? (
            <p className="result-source">
              <Trans>Number drawn: {number}</Trans>
            </p>
          ) : null}
          {close && change ? (
            <p className="result-source">
              <Trans>
                Index close {close}, change {change}
              </Trans>
            </p>
          ) : null}
        </>
      );
    }
  }
}

export function ResultCard({ result }: { result: ResultView }) {
  const { i18n } = useLingui();
  const name = resultName(i18n, result);
  const day = formatDay(result.dt);
  const cancelled = result.status === "cancelled";
  return (
    <li className={`card result-card ${cancelled ? "is-cancelled" : ""}`}>
      <div className="result-head">
        <h4 className="result-name">
          <Flag code={flagOf(result)} />
          {name}
        </h4>
        <span className="result-date">{day}</span>
        {result.demo ? <DemoBadge /> : null}
      </div>
      {cancelled ? (
        <p className="result-cancelled">
          <span className="badge badge-bad">
            <Trans>Cancelled</Trans>
          </span>{" "}
          <Trans>This round was cancelled; every stake was refunded.</Trans>
        </p>
      ) : (
        <ResultNumbers result={result} />
      )}
      {result.verifiable && !cancelled ? <VerifyLink result={result} /> : null}
    </li>
  );
}

/** A day of yeekee or ping-pong rounds: one row per round, latest first. */
export function RoundTable({ results }: { results: ResultView[] }) {
  const { i18n } = useLingui();
  const o = (key: keyof typeof OPTION_TEXT) => i18n._(OPTION_TEXT[key]);
  return (
    <div className="results-table-wrap">
      <table className="results-table">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Round</Trans>
            </th>
            <th scope="col">{o("tengBon3")}</th>
            <th scope="col">{o("tengBon2")}</th>
            <th scope="col">{o("tengLang2")}</th>
            <th scope="col">
              <span className="visually-hidden">
                <Trans>Verify</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {results.map((result) => (
            <tr key={result.betId} className={result.status === "cancelled" ? "is-cancelled" : ""}>
              <th scope="row">{roundNoOf(result) ?? resultName(i18n, result)}</th>
              {result.status === "cancelled" ? (
                <td colSpan={3}>
                  <Trans>Cancelled, refunded</Trans>
                </td>
              ) : (
                <>
                  <td className="result-digits">{result.top3}</td>
                  <td className="result-digits">{result.top2}</td>
                  <td className="result-digits">{result.bottom2}</td>
                </>
              )}
              <td>
                {result.demo ? <DemoBadge /> : null}
                {result.verifiable && result.status !== "cancelled" ? <VerifyLink result={result} /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
