import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { onlineAtom } from "../../lib/network.ts";
import { useAtomValue } from "../../lib/store.ts";
import { useShootingFeed } from "./feed.ts";
import { addReceipts, loadReceipts, mayAskResult, receiptsOfMine, shootingCloseMs } from "./shots.ts";
import { fetchRound, type ResultRound, type YingReceipt } from "./yeekeeApi.ts";
import "./yeekee.css";
import { isOpenNow, isShootingFamily } from "../../domain/lotto/index.ts";
import { useNow } from "../../lib/clock.ts";
import { formatCountdown } from "../../lib/format.ts";
import { useLoad } from "../../lib/load.ts";
import { LoadState } from "../../ui/Load.tsx";
import { Page } from "../../ui/Page.tsx";
import { Countdown, roundName } from "../lotto/index.ts";
import { BonusRule, ResultBox } from "./ShooterBonus.tsx";
import { ShootForm } from "./ShootForm.tsx";
import { Board, HowItWorks, Receipts, Summary } from "./ShotBoard.tsx";
import { useYingResult } from "./useYingResult.ts";

/** /lotto/$betGroup/$betId/ying: the shooting screen of a yeekee round, then its result. */
export function YingPage({ betId }: { betId: string }) {
  const { t, i18n } = useLingui();
  const round = useLoad(() => fetchRound(betId), [betId]);
  const name = round.data ? roundName(i18n, round.data) : null;
  return (
    <Page
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
    </Page>
  );
}

function Shooting({ round }: { round: ResultRound }) {
  const now = useNow();
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
  // Once the round is decided its numbers are revealed: the board is read again (the close may have come
  // while the socket was away).
  const decided = result.data !== null && result.data.status !== "waiting";
  const { refresh } = feed;
  useEffect(() => {
    if (decided) void refresh();
  }, [decided, refresh]);
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
            // The member's own number is shown on their own device only; the server publishes none.
            feed.add({
              seq: receipt.seq,
              yingNumber: receipt.yingNumber,
              hash: receipt.hash,
              commitment: receipt.commitment ?? null,
              createdAt: receipt.createdAt,
              userName: null,
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

      <Summary feed={feed} open={open} receipts={receipts} />
      <Receipts receipts={receipts} />
      <Board
        items={feed.items}
        live={feed.live}
        mySeqs={mySeqs}
        myNumbers={new Map(receipts.map((r) => [r.seq, r.yingNumber]))}
        sealed={feed.summary?.sealed ?? true}
      />
      <HowItWorks />
    </div>
  );
}
