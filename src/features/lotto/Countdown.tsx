import { Trans } from "@lingui/react/macro";
import { closeAtOf, isOpenNow } from "../../domain/lotto/index.ts";
import { useNow } from "../../lib/clock.ts";
import { splitCountdown } from "../../lib/format.ts";
import "./lotto.css";
import type { Round } from "./lottoApi.ts";

/** Time left to bet in a round, on the shared clock; "Closed" once betting has closed. */
export function Countdown({ round }: { round: Round }) {
  const now = useNow();
  if (!isOpenNow(round, now))
    return (
      <span className="badge badge-off">
        <Trans>Closed</Trans>
      </span>
    );
  const { days, rest } = splitCountdown(closeAtOf(round).getTime() - now);
  return (
    <span className="countdown" role="timer">
      {days > 0 ? (
        <Trans>
          {days} d {rest} left
        </Trans>
      ) : (
        <Trans>{rest} left</Trans>
      )}
    </span>
  );
}
