import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useId, useRef } from "react";
import type { LottoFamily } from "../../domain/lotto/options.ts";
import { ApiError } from "../../lib/api.ts";
import { useLoad } from "../../lib/load.ts";
import { onlineAtom } from "../../lib/network.ts";
import { useAtomValue } from "../../lib/store.ts";
import { LoadState } from "../../ui/Load.tsx";
import { Page } from "../../ui/Page.tsx";
import { FAMILY_TEXT, lottoErrorText } from "../lotto/index.ts";
import { bangkokToday, dateBounds, groupByFamily, isPickableDate, shiftDate } from "./results.ts";
import {
  cachedLatest,
  fetchLatestResults,
  fetchResultsOfDate,
  type ResultView,
  rememberLatest,
} from "./resultsApi.ts";
import "./results.css";
import { formatDay, ResultCard, RoundTable } from "./ResultCard.tsx";

const INTERVAL_FAMILIES: readonly LottoFamily[] = ["yeekee", "yeekee5Min", "pingpong"];

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
    <Page
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
          <LoadState loaded={latest} wording={lottoErrorText} />
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
          <LoadState loaded={day} wording={lottoErrorText} />
        )}
        {day.data && day.data.length === 0 ? (
          <p className="form-note">
            <Trans>No results for this date yet.</Trans>
          </p>
        ) : null}
        {day.data ? <FamilyGroups items={day.data} headingPrefix="day" compact /> : null}
      </section>
    </Page>
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
