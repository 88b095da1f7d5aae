import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useRef, useState } from "react";
import { later, type Text } from "../../lib/submit.ts";
import { FormError } from "../../ui/form.tsx";
import { autoplayRounds, runAutoplay } from "./autoplay.ts";
import { AUTOPLAY_END_TEXT, originalsErrorText } from "./messages.ts";

/**
 * Autoplay for the slot and dice: the number of rounds (at most the game's `maxAutoplayRounds`), Start and Stop, and
 * why it ended. `play` plays one round and answers the balance after it; the run stops on its first refusal.
 */
export function AutoplayControls({
  max,
  stake,
  balance,
  disabled,
  play,
  onRunning,
}: {
  max: number;
  /** The stake of one round, satang; null while the bet is not valid (Start is off). */
  stake: bigint | null;
  balance: bigint;
  disabled: boolean;
  play: () => Promise<bigint>;
  onRunning: (running: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const [asked, setAsked] = useState("10");
  const [running, setRunning] = useState(false);
  const [played, setPlayed] = useState(0);
  const [end, setEnd] = useState<Text | null>(null);
  const stop = useRef(false);
  const rounds = autoplayRounds(Number(asked), max);

  const start = async () => {
    if (stake === null || running) return;
    stop.current = false;
    setEnd(null);
    setPlayed(0);
    setRunning(true);
    onRunning(true);
    try {
      const run = await runAutoplay({
        rounds,
        max,
        stake,
        balance,
        play,
        stopRequested: () => stop.current,
        onRound: setPlayed,
      });
      if (run.end === "error") setEnd(later(() => originalsErrorText(i18n, run.error)));
      else if (run.end === "funds" && run.error) setEnd(later(() => originalsErrorText(i18n, run.error)));
      else setEnd(later(() => i18n._(AUTOPLAY_END_TEXT[run.end as "done" | "stopped" | "funds"])));
    } finally {
      setRunning(false);
      onRunning(false);
    }
  };

  return (
    <fieldset className="og-autoplay">
      <legend>
        <Trans>Autoplay</Trans>
      </legend>
      <div className="og-row">
        <label className="og-inline-field">
          <span>
            <Trans>Rounds (max {max})</Trans>
          </span>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            value={asked}
            disabled={running}
            onChange={(event) => setAsked(event.target.value)}
          />
        </label>
        {running ? (
          <button
            type="button"
            className="button button-danger og-touch"
            onClick={() => {
              stop.current = true;
            }}
          >
            <Trans>Stop</Trans>
          </button>
        ) : (
          <button
            type="button"
            className="button og-touch"
            disabled={disabled || stake === null}
            onClick={() => void start()}
          >
            <Trans>Start autoplay</Trans>
          </button>
        )}
      </div>
      <p className="og-autoplay-status" role="status">
        {running ? t`Autoplay: round ${played + 1} of ${rounds}` : (end?.() ?? "")}
        {!running && end && played > 0 ? ` ${t`Rounds played: ${played}`}` : ""}
      </p>
    </fieldset>
  );
}

/**
 * What the slot and dice show under their bet: the last refusal, the button that plays one round (its label while
 * the round is being played), and autoplay.
 */
export function PlayControls({
  error,
  busy,
  onPlay,
  label,
  autoplay,
}: {
  error: string | null;
  busy: boolean;
  onPlay: () => void;
  label: ReactNode;
  autoplay: Parameters<typeof AutoplayControls>[0];
}) {
  return (
    <>
      <FormError message={error} />
      <div className="og-actions">
        <button
          type="button"
          className="button button-primary button-block button-large"
          disabled={busy}
          onClick={onPlay}
        >
          {label}
        </button>
      </div>
      <AutoplayControls {...autoplay} />
    </>
  );
}
