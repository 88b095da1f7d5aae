import { Trans, useLingui } from "@lingui/react/macro";
import { YEEKEE_MIN_SHOTS } from "../../domain/lotto/index.ts";
import type { useShootingFeed } from "./feed.ts";
import { shotsLeft, shotsNeeded, YING_MAX_SHOTS_PER_MEMBER } from "./shots.ts";
import type { YingItem, YingReceipt } from "./yeekeeApi.ts";
import "./yeekee.css";
import { CopyButton } from "../../ui/CopyButton.tsx";

export const clockOf = (iso: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Bangkok",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).format(date);
};

export function Summary({
  feed,
  open,
  receipts,
}: {
  feed: ReturnType<typeof useShootingFeed>;
  open: boolean;
  receipts: readonly YingReceipt[];
}) {
  const summary = feed.summary;
  if (!summary) return null;
  const count = summary.count;
  const needed = shotsNeeded(count, summary.minShots);
  const max = summary.maxShotsPerMember ?? YING_MAX_SHOTS_PER_MEMBER;
  const left = shotsLeft(receipts, max);
  const fired = receipts.length;
  // Until the round is decided nobody has the sum, the 16th-latest shot or a result: there is nothing to show.
  const sealed = summary.sealed ?? summary.sum === null;
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
        {open ? (
          <>
            <dt>
              <Trans>Your shots</Trans>
            </dt>
            <dd data-testid="ying-mine">
              <Trans>
                {fired} of {max}
              </Trans>
            </dd>
          </>
        ) : null}
        {sealed ? null : (
          <>
            <dt>
              <Trans>Sum of all shots</Trans>
            </dt>
            <dd>{sum}</dd>
            <dt>
              <Trans>16th latest shot</Trans>
            </dt>
            <dd>{sixteenth ? `#${sixteenth.seq} · ${sixteenth.yingNumber}` : "–"}</dd>
            <dt>
              <Trans>Result from the shots</Trans>
            </dt>
            <dd className="ying-now">{summary.resultNow ?? "–"}</dd>
          </>
        )}
      </dl>
      {sealed ? (
        <p className="form-note ying-sealed" data-testid="ying-sealed" role="note">
          <Trans>
            The numbers are sealed until the round closes: no page, app or staff screen shows any shot, the
            sum or the result while shooting is open, so nobody can aim the last shot. Each shot shows only
            its receipt code. When the round closes, every number is revealed and anyone can check the result.
          </Trans>
        </p>
      ) : null}
      {open && left === 0 ? (
        <p className="form-note" role="status">
          <Trans>You have fired the {max} shots a member may fire in this round.</Trans>
        </p>
      ) : null}
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

export function Receipts({ receipts }: { receipts: YingReceipt[] }) {
  const { t } = useLingui();
  if (receipts.length === 0) return null;
  return (
    <section aria-labelledby="ying-receipts-title">
      <h2 id="ying-receipts-title" className="section-title">
        <Trans>Your shots and receipts</Trans>
      </h2>
      <p className="form-note">
        <Trans>
          A receipt is the hash your shot got in the round's chain, with the secret code (salt) that seals
          your number. They are kept on this device: after the round the verification page checks that your
          number is in the list at the same place, or the list was changed.
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

export const shortCode = (code: string | null | undefined) => (code ? `${code.slice(0, 8)}…` : "");

export function Board({
  items,
  live,
  mySeqs,
  myNumbers,
  sealed,
}: {
  items: YingItem[];
  live: boolean;
  mySeqs: Set<number>;
  /** The member's own numbers, from the receipts on this device: the server shows none while sealed. */
  myNumbers: Map<number, string>;
  sealed: boolean;
}) {
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
            const number = shot.yingNumber ?? (mine ? myNumbers.get(shot.seq) : undefined);
            return (
              <li key={shot.seq} className={mine ? "is-mine" : ""}>
                <span className="ying-seq">#{shot.seq}</span>
                {number ? (
                  <span className="slip-number">{number}</span>
                ) : (
                  <span className="ying-sealed-shot" title={shot.commitment ?? undefined}>
                    <Trans>sealed</Trans> <code>{shortCode(shot.commitment)}</code>
                  </span>
                )}
                <span className="ying-who">{mine ? <Trans>You</Trans> : (shot.userName ?? "")}</span>
                <span className="ying-time">{clockOf(shot.createdAt)}</span>
              </li>
            );
          })}
        </ol>
      )}
      {sealed && items.length > 0 ? (
        <p className="form-note">
          <Trans>Numbers and names are shown when the round closes.</Trans>
        </p>
      ) : null}
    </section>
  );
}

export function HowItWorks() {
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
      <p>
        <Trans>
          While shooting is open every number is sealed: the site publishes only a receipt code for each shot,
          and keeps the numbers encrypted with a key that is not in its database. So whoever shoots last still
          cannot know which result their shot gives. A member may fire at most {YING_MAX_SHOTS_PER_MEMBER}{" "}
          shots per round, one every 3 seconds.
        </Trans>
      </p>
    </details>
  );
}
