import type { I18n } from "@lingui/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useEffect, useId, useRef } from "react";
import type { LottoFamily } from "../../domain/lotto/index.ts";
import { ApiError } from "../../lib/api.ts";
import { onlineAtom } from "../../lib/network.ts";
import { FAMILY_TEXT, OPTION_TEXT } from "../lotto/messages.ts";
import { roundName } from "../lotto/RoundsPage.tsx";
import { flagEmoji } from "../lotto/rounds.ts";
import { useLoad } from "../wallet/hooks.ts";
import { LoadState, WalletPage } from "../wallet/WalletUi.tsx";
import {
  bangkokToday,
  dateBounds,
  flagOf,
  fourDigitNumbers,
  groupByFamily,
  isPickableDate,
  payloadText,
  roundNoOf,
  shiftDate,
} from "./results.ts";
import {
  cachedLatest,
  fetchLatestResults,
  fetchResultsOfDate,
  type ResultView,
  rememberLatest,
} from "./resultsApi.ts";
import "../lotto/lotto.css";
import "./results.css";

const INTERVAL_FAMILIES: readonly LottoFamily[] = ["yeekee", "yeekee5Min", "pingpong"];

/** yyyy-mm-dd as the app writes dates elsewhere (statements): dd/mm/yyyy. */
export function formatDay(date: string): string {
  const [y, m, d] = date.split("-");
  return y && m && d ? `${d}/${m}/${y}` : date;
}

/** When the offline copy was saved, Bangkok time (Intl rather than the statement's formatter: no luxon here). */
function formatSavedAt(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Bangkok",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(date);
}

const isNetworkError = (error: unknown) => error instanceof ApiError && error.isNetwork;

function resultName(i18n: I18n, result: ResultView): string {
  return roundName(i18n, {
    name: result.name,
    nameEn: result.nameEn,
    betGroup: result.betGroup,
    betName: result.betName,
    roundNo: roundNoOf(result),
  });
}

/** /results: the latest result of every lottery, and any day's results of the last 60 days. Public. */
export function ResultsPage({ date }: { date?: string | undefined }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const online = useAtomValue(onlineAtom);
  const today = bangkokToday(Date.now());
  const chosen = isPickableDate(date, today) ? date : today;
  const bounds = dateBounds(today);
  const dateId = useId();

  const latest = useLoad(async () => {
    const items = await fetchLatestResults();
    rememberLatest(items);
    return items;
  });
  const day = useLoad(() => fetchResultsOfDate(chosen), [chosen]);

  // Back online: read both lists again rather than leave the "needs the network" note up.
  const wasOnline = useRef(online);
  const { reload: reloadLatest } = latest;
  const { reload: reloadDay } = day;
  useEffect(() => {
    if (online && !wasOnline.current) {
      void reloadLatest();
      void reloadDay();
    }
    wasOnline.current = online;
  }, [online, reloadLatest, reloadDay]);

  const choose = (value: string) => {
    if (!isPickableDate(value, today)) return;
    void navigate({ to: "/results", search: value === today ? {} : { date: value } });
  };

  const offlineLatest = latest.error && isNetworkError(latest.error) ? cachedLatest() : null;
  const savedAt = offlineLatest ? formatSavedAt(offlineLatest.savedAt) : "";
  const shownDay = formatDay(chosen);

  return (
    <WalletPage
      title={t`Results`}
      top={
        <p className="breadcrumb">
          <Link to="/">
            <Trans>Home</Trans>
          </Link>
        </p>
      }
    >
      <section aria-labelledby="latest-results" className="results-section">
        <h2 id="latest-results">
          <Trans>Latest results</Trans>
        </h2>
        {latest.error && isNetworkError(latest.error) ? (
          <NeedsNetwork onRetry={latest.reload}>
            {offlineLatest ? (
              <Trans>These are the results saved on this device at {savedAt}; newer ones may exist.</Trans>
            ) : null}
          </NeedsNetwork>
        ) : (
          <LoadState loaded={latest} />
        )}
        {latest.data ? <FamilyGroups items={latest.data} headingPrefix="latest" /> : null}
        {!latest.data && offlineLatest ? (
          <div className="results-cached">
            <FamilyGroups items={offlineLatest.items} headingPrefix="cached" />
          </div>
        ) : null}
        {latest.data && latest.data.length === 0 ? (
          <p className="form-note">
            <Trans>No results yet.</Trans>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="day-results" className="results-section">
        <h2 id="day-results">
          <Trans>Results by date</Trans>
        </h2>
        <div className="results-date">
          <button
            type="button"
            className="button button-small results-date-prev"
            disabled={chosen <= bounds.min}
            onClick={() => choose(shiftDate(chosen, -1))}
          >
            <Trans>Previous day</Trans>
          </button>
          <label htmlFor={dateId} className="visually-hidden">
            <Trans>Date</Trans>
          </label>
          <input
            id={dateId}
            type="date"
            className="results-date-input"
            min={bounds.min}
            max={bounds.max}
            value={chosen}
            required
            onChange={(e) => choose(e.target.value)}
          />
          <button
            type="button"
            className="button button-small results-date-next"
            disabled={chosen >= bounds.max}
            onClick={() => choose(shiftDate(chosen, 1))}
          >
            <Trans>Next day</Trans>
          </button>
        </div>
        <p className="form-note">
          <Trans>Dates are Bangkok dates. Results of the last 60 days.</Trans>
        </p>
        <h3 className="results-day-title">
          <Trans>Results of {shownDay}</Trans>
        </h3>
        {day.error && isNetworkError(day.error) ? (
          <NeedsNetwork onRetry={day.reload} />
        ) : (
          <LoadState loaded={day} />
        )}
        {day.data && day.data.length === 0 ? (
          <p className="form-note">
            <Trans>No results for this date yet.</Trans>
          </p>
        ) : null}
        {day.data ? <FamilyGroups items={day.data} headingPrefix="day" compact /> : null}
      </section>
    </WalletPage>
  );
}

function NeedsNetwork({ onRetry, children }: { onRetry: () => Promise<void>; children?: React.ReactNode }) {
  return (
    <div className="results-offline" role="status">
      <p>
        <Trans>You are offline. Results need the network.</Trans>
      </p>
      {children ? <p>{children}</p> : null}
      <button type="button" className="button button-small" onClick={() => void onRetry()}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}

/** Results under a heading per family; with `compact`, the yeekee and ping-pong rounds of a day as a table. */
function FamilyGroups({
  items,
  headingPrefix,
  compact = false,
}: {
  items: readonly ResultView[];
  headingPrefix: string;
  compact?: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <>
      {groupByFamily(items).map(({ family, items: results }) => {
        const id = `${headingPrefix}-${family}`;
        const count = results.length;
        return (
          <section key={family} aria-labelledby={id} className="results-family">
            <h3 id={id}>
              {i18n._(FAMILY_TEXT[family])}
              {compact ? (
                <span className="results-count">
                  {" "}
                  <Plural value={count} one="(# round)" other="(# rounds)" />
                </span>
              ) : null}
            </h3>
            {compact && INTERVAL_FAMILIES.includes(family) ? (
              <RoundTable results={results} />
            ) : (
              <ul className="result-list">
                {results.map((result) => (
                  <ResultCard key={result.betId} result={result} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </>
  );
}

function VerifyLink({ result }: { result: ResultView }) {
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

function DemoBadge() {
  const { t } = useLingui();
  return (
    <span className="badge badge-wait" title={t`Drawn by the demo results feed, not a real draw.`}>
      <Trans>Demo result</Trans>
    </span>
  );
}

function Digits({ label, value, big = false }: { label: string; value: string | null; big?: boolean }) {
  if (!value) return null;
  return (
    <div className={`result-cell ${big ? "result-cell-big" : ""}`}>
      <dt>{label}</dt>
      <dd className="result-digits">{value}</dd>
    </div>
  );
}

function ResultNumbers({ result }: { result: ResultView }) {
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
  const flag = flagEmoji(flagOf(result));
  const name = resultName(i18n, result);
  const day = formatDay(result.dt);
  const cancelled = result.status === "cancelled";
  return (
    <li className={`card result-card ${cancelled ? "is-cancelled" : ""}`}>
      <div className="result-head">
        <h4 className="result-name">
          {flag ? <span aria-hidden="true">{flag} </span> : null}
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
function RoundTable({ results }: { results: ResultView[] }) {
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
