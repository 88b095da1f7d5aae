import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { YEEKEE_MIN_SHOTS } from "../../domain/lotto/index.ts";
import { ApiError } from "../../lib/api.ts";
import { onlineAtom } from "../../lib/network.ts";
import { FormError } from "../../ui/form.tsx";
import { cleanEntry } from "../lotto/builder.ts";
import { Countdown, roundName } from "../lotto/RoundsPage.tsx";
import { isOpenNow } from "../lotto/rounds.ts";
import { useTicker } from "../lotto/ticker.ts";
import { formatBaht, formatCountdown, formatLimit, satangOf } from "../wallet/format.ts";
import { later, type Text, useLoad, useSending } from "../wallet/hooks.ts";
import { CopyButton, LoadState, WalletPage } from "../wallet/WalletUi.tsx";
import { useShootingFeed } from "./feed.ts";
import { yeekeeErrorText } from "./messages.ts";
import {
  addReceipts,
  isShootingFamily,
  loadReceipts,
  mayAskResult,
  randomShot,
  receiptsOfMine,
  type ShootBlock,
  shootBlock,
  shootingCloseMs,
  shotsNeeded,
  YING_INTERVAL_SECONDS,
} from "./shots.ts";
import {
  fetchRound,
  fetchYingResult,
  type ResultRound,
  type ShooterBonus,
  type ShooterBonusRule,
  shoot,
  type YingItem,
  type YingReceipt,
  type YingResult,
} from "./yeekeeApi.ts";
import "../lotto/lotto.css";
import "./yeekee.css";

const PAD = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
/** While the result is being worked out (shots counted, settlement) it is asked again this often. */
const RESULT_POLL_MS = 3000;

const clockOf = (iso: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Bangkok",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).format(date);
};

/** /lotto/$betGroup/$betId/ying: the shooting screen of a yeekee round, then its result. */
export function YingPage({ betId }: { betId: string }) {
  const { t, i18n } = useLingui();
  const round = useLoad(() => fetchRound(betId), [betId]);
  const name = round.data ? roundName(i18n, round.data) : null;
  return (
    <WalletPage
      title={name ? t`Shooting: ${name}` : t`Shooting`}
      top={
        <p className="breadcrumb">
          <Link to="/lotto">
            <Trans>Lotto</Trans>
          </Link>
          {round.data ? (
            <>
              {" › "}
              <Link
                to="/lotto/$betGroup/$betId"
                params={{ betGroup: round.data.betGroup, betId: String(round.data.betId) }}
              >
                {name}
              </Link>
            </>
          ) : null}
        </p>
      }
    >
      <LoadState loaded={round} />
      {round.data && String(round.data.betId) === betId ? (
        isShootingFamily(round.data.betGroup) ? (
          <Shooting key={betId} round={round.data} />
        ) : (
          <p className="form-note">
            <Trans>Only yeekee rounds have shooting.</Trans>
          </p>
        )
      ) : null}
    </WalletPage>
  );
}

function Shooting({ round }: { round: ResultRound }) {
  const now = useTicker();
  const online = useAtomValue(onlineAtom);
  const [closedHere, setClosedHere] = useState(false);
  const closeMsBefore = shootingCloseMs(round.unixTimeStamp.realCloseTime, null);
  const feed = useShootingFeed(round.betId, !closedHere && now < closeMsBefore + 60_000);
  const closeMs = shootingCloseMs(round.unixTimeStamp.realCloseTime, feed.summary);
  const open = !closedHere && !feed.closedAnnounced && (feed.summary?.open ?? true) && now < closeMs;
  const result = useYingResult(round, mayAskResult(round, now, feed.closedAnnounced || closedHere));
  const [receipts, setReceipts] = useState<YingReceipt[]>(() => loadReceipts(round.betId));

  // Shots of the member's found in the public list (another device, another visit) become receipts too.
  useEffect(() => {
    const mine = receiptsOfMine(feed.items, round.betId);
    if (mine.some((m) => !receipts.some((r) => r.seq === m.seq)))
      setReceipts((current) => addReceipts(current, mine, round.betId));
  }, [feed.items, receipts, round.betId]);
  const mySeqs = new Set(receipts.map((r) => r.seq));
  const left = formatCountdown(closeMs - now);

  return (
    <div className="ying">
      <div className="ying-clocks">
        <p>
          <Trans>Betting</Trans> <Countdown round={round} />
        </p>
        <p>
          <Trans>Shooting</Trans>{" "}
          {open ? (
            <span className="countdown" role="timer">
              <Trans>closes in {left}</Trans>
            </span>
          ) : (
            <span className="badge badge-off">
              <Trans>Closed</Trans>
            </span>
          )}
        </p>
        {isOpenNow(round, now) ? (
          <Link
            to="/lotto/$betGroup/$betId"
            params={{ betGroup: round.betGroup, betId: String(round.betId) }}
            className="button button-small"
          >
            <Trans>Bet in this round</Trans>
          </Link>
        ) : null}
      </div>

      {result.data || result.asking ? (
        <ResultBox round={round} result={result.data} rule={feed.summary?.bonus} />
      ) : null}

      {open ? <BonusRule rule={feed.summary?.bonus} /> : null}
      {open ? (
        <ShootForm
          round={round}
          online={online}
          onShot={(receipt) => {
            setReceipts((current) => addReceipts(current, [receipt], round.betId));
            feed.add({
              seq: receipt.seq,
              yingNumber: receipt.yingNumber,
              hash: receipt.hash,
              createdAt: receipt.createdAt,
              userName: "",
              mine: true,
            });
          }}
          onClosed={() => setClosedHere(true)}
        />
      ) : (
        <p className="form-note ying-closed" role="status">
          <Trans>Shooting has closed for this round.</Trans>
        </p>
      )}

      <Summary feed={feed} open={open} />
      <Receipts receipts={receipts} />
      <Board items={feed.items} live={feed.live} mySeqs={mySeqs} />
      <HowItWorks />
    </div>
  );
}

/** Asks for the result once it may be asked (SPEC.md section 4), then again until it is decided. */
function useYingResult(round: ResultRound, mayAsk: boolean) {
  const [data, setData] = useState<YingResult | null>(null);
  const decided = data !== null && data.status !== "waiting";
  useEffect(() => {
    if (!mayAsk || decided) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const answer = await fetchYingResult(round.betId);
        if (!live) return;
        setData(answer);
        if (answer.status === "waiting") timer = setTimeout(ask, RESULT_POLL_MS);
      } catch {
        if (live) timer = setTimeout(ask, RESULT_POLL_MS * 2);
      }
    };
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [mayAsk, decided, round.betId]);
  return { data, asking: mayAsk };
}

function ResultBox({
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

function BonusLine({ bonus }: { bonus: ShooterBonus }) {
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

/** The 5-digit pad and the shoot button (exported for its component test). */
export function ShootForm({
  round,
  online,
  onShot,
  onClosed,
}: {
  round: ResultRound;
  online: boolean;
  onShot: (receipt: YingReceipt) => void;
  onClosed: () => void;
}) {
  const { t } = useLingui();
  const [entry, setEntry] = useState("");
  const [nextAt, setNextAt] = useState(0);
  const [note, setNote] = useState<Text | null>(null);
  const sending = useSending(yeekeeErrorText);
  const waitMs = useWaitUntil(nextAt);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const block = shootBlock({ open: true, online, waitMs, number: entry, sending: sending.busy });

  const fire = async () => {
    if (block !== null) return;
    const number = entry;
    await sending.run(
      async () => {
        const receipt = await shoot(round.betId, number);
        setNextAt(Date.now() + YING_INTERVAL_SECONDS * 1000);
        onShot(receipt);
        setEntry("");
        const seq = receipt.seq;
        setNote(later(() => t`Shot ${number} counted as #${seq}.`));
      },
      (err) => {
        setNote(null);
        if (err instanceof ApiError && err.code === "YING_TOO_FAST") {
          const seconds = Number(err.details.retryAfter);
          setNextAt(
            Date.now() + (Number.isFinite(seconds) && seconds > 0 ? seconds : YING_INTERVAL_SECONDS) * 1000,
          );
        }
        if (err instanceof ApiError && err.code === "SHOOTING_CLOSED") onClosed();
        return false;
      },
    );
    input.current?.focus();
  };

  return (
    <section className="ying-shoot" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        <Trans>Shoot a number</Trans>
      </h2>
      <label htmlFor={id} className="visually-hidden">
        <Trans>Your number (5 digits)</Trans>
      </label>
      <div className="entry-row">
        <input
          id={id}
          ref={input}
          className="entry-input"
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          placeholder="00000"
          value={entry}
          onChange={(e) => setEntry(cleanEntry(e.target.value, 5))}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              void fire();
            }
          }}
        />
        <button type="button" className="button" onClick={() => setEntry(randomShot())}>
          <Trans>Random</Trans>
        </button>
      </div>
      <div className="number-pad">
        {PAD.map((d) => (
          <button key={d} type="button" onClick={() => setEntry((e) => cleanEntry(e + d, 5))}>
            {d}
          </button>
        ))}
        <button type="button" onClick={() => setEntry("")} aria-label={t`Clear the number`}>
          C
        </button>
        <button type="button" onClick={() => setEntry((e) => cleanEntry(`${e}0`, 5))}>
          0
        </button>
        <button type="button" onClick={() => setEntry((e) => e.slice(0, -1))} aria-label={t`Delete a digit`}>
          ⌫
        </button>
      </div>
      <FormError message={sending.error?.() ?? null} />
      <BlockNote block={block} waitMs={waitMs} />
      {note && !sending.error ? (
        <p className="form-note ying-note" role="status">
          {note()}
        </p>
      ) : null}
      <button
        type="button"
        className="button button-primary button-block button-large"
        disabled={block !== null}
        onClick={() => void fire()}
      >
        {sending.busy ? (
          <Trans>Shooting…</Trans>
        ) : entry.length === 5 ? (
          <Trans>Shoot {entry}</Trans>
        ) : (
          <Trans>Shoot</Trans>
        )}
      </button>
    </section>
  );
}

/**
 * Milliseconds left until `until`: re-rendered each second by the shared ticker (for the text) and once exactly
 * when the wait ends (so the button comes back on time, not up to a tick late).
 */
function useWaitUntil(until: number): number {
  useTicker();
  const [, setEnded] = useState(0);
  useEffect(() => {
    const left = until - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setEnded((n) => n + 1), left + 10);
    return () => clearTimeout(timer);
  }, [until]);
  return Math.max(0, until - Date.now());
}

/** Why shooting is off, in words (the disabled button alone does not say). */
function BlockNote({ block, waitMs }: { block: ShootBlock | null; waitMs: number }) {
  if (block === "offline")
    return (
      <p className="form-note" role="status">
        <Trans>You are offline. Shots can only be sent online.</Trans>
      </p>
    );
  if (block === "wait") {
    const seconds = Math.ceil(waitMs / 1000);
    return (
      <p className="form-note" role="status">
        <Trans>One shot every 3 seconds: next shot in {seconds} s.</Trans>
      </p>
    );
  }
  if (block === "incomplete")
    return (
      <p className="form-note">
        <Trans>Type 5 digits or press Random.</Trans>
      </p>
    );
  return null;
}

function Summary({ feed, open }: { feed: ReturnType<typeof useShootingFeed>; open: boolean }) {
  const summary = feed.summary;
  if (!summary) return null;
  const count = summary.count;
  const needed = shotsNeeded(count, summary.minShots);
  const sum = String(summary.sum);
  const sixteenth = summary.sixteenth;
  return (
    <section aria-labelledby="ying-summary-title" className="ying-summary">
      <h2 id="ying-summary-title" className="section-title">
        <Trans>Shots so far</Trans>
      </h2>
      <dl className="slip-totals">
        <dt>
          <Trans>Shots</Trans>
        </dt>
        <dd data-testid="ying-count">{count}</dd>
        <dt>
          <Trans>Sum of all shots</Trans>
        </dt>
        <dd>{sum}</dd>
        <dt>
          <Trans>16th latest shot</Trans>
        </dt>
        <dd>{sixteenth ? `#${sixteenth.seq} · ${sixteenth.yingNumber}` : "–"}</dd>
        <dt>{open ? <Trans>Result if shooting closed now</Trans> : <Trans>Result from the shots</Trans>}</dt>
        <dd className="ying-now">{summary.resultNow ?? "–"}</dd>
      </dl>
      {needed > 0 ? (
        <p className="form-note ying-needed" role="status">
          {open ? (
            <Trans>
              Shots still needed: {needed}. With fewer than {YEEKEE_MIN_SHOTS} the round is cancelled and
              every bet refunded.
            </Trans>
          ) : (
            <Trans>Fewer than {YEEKEE_MIN_SHOTS} shots: the round is cancelled and every bet refunded.</Trans>
          )}
        </p>
      ) : null}
    </section>
  );
}

function Receipts({ receipts }: { receipts: YingReceipt[] }) {
  const { t } = useLingui();
  if (receipts.length === 0) return null;
  return (
    <section aria-labelledby="ying-receipts-title">
      <h2 id="ying-receipts-title" className="section-title">
        <Trans>Your shots and receipts</Trans>
      </h2>
      <p className="form-note">
        <Trans>
          A receipt is the hash your shot got in the round's chain. Keep it: on the verification page it must
          be at the same place, or the list was changed.
        </Trans>
      </p>
      <ul className="ying-receipts">
        {receipts.map((r) => {
          const seq = r.seq;
          return (
            <li key={r.seq}>
              <span className="ying-seq">#{r.seq}</span> <span className="slip-number">{r.yingNumber}</span>
              <code className="ying-hash">{r.hash}</code>
              <CopyButton value={r.hash} label={t`Copy the receipt of shot #${seq}`} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Board({ items, live, mySeqs }: { items: YingItem[]; live: boolean; mySeqs: Set<number> }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="ying-board-title">
      <div className="family-head">
        <h2 id="ying-board-title" className="section-title">
          <Trans>Latest shots</Trans>
        </h2>
        <span className={`badge ${live ? "badge-ok" : "badge-off"}`}>
          {live ? <Trans>Live</Trans> : <Trans>Updated every few seconds</Trans>}
        </span>
      </div>
      {items.length === 0 ? (
        <p className="form-note">
          <Trans>No shots yet. Be the first!</Trans>
        </p>
      ) : (
        <ol className="ying-board" aria-label={t`Latest shots`}>
          {items.map((shot) => {
            const mine = shot.mine === true || mySeqs.has(shot.seq);
            return (
              <li key={shot.seq} className={mine ? "is-mine" : ""}>
                <span className="ying-seq">#{shot.seq}</span>
                <span className="slip-number">{shot.yingNumber}</span>
                <span className="ying-who">{mine ? <Trans>You</Trans> : shot.userName}</span>
                <span className="ying-time">{clockOf(shot.createdAt)}</span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function HowItWorks() {
  return (
    <details className="ying-how">
      <summary>
        <Trans>How the number is worked out</Trans>
      </summary>
      <p>
        <Trans>
          When shooting closes, every shot is added up and the 16th latest shot is subtracted; the last 5
          digits of that are the result. 3 top is its last 3 digits, 2 top its last 2 and 2 bottom its first
          2. With fewer than {YEEKEE_MIN_SHOTS} shots the round is cancelled and every bet refunded.
        </Trans>
      </p>
      <p>
        <Trans>
          Only members shoot: the house adds no shots. After the round the full list is published and anyone
          can recompute the result.
        </Trans>
      </p>
    </details>
  );
}
