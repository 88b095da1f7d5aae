import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import {
  DICE_MAX_CHANCE_HUNDREDTHS,
  DICE_MIN_CHANCE_HUNDREDTHS,
  DICE_OUTCOMES,
  type DiceDirection,
  diceMultiplierTenThousandths,
  diceWinChance,
  isValidDiceTarget,
} from "../../domain/games/index.ts";
import { ApiError } from "../../lib/api.ts";
import { formatSatang } from "../../lib/format.ts";
import { useSubmit } from "../../lib/submit.ts";
import { TextField } from "../../ui/form.tsx";
import { PlayControls } from "./Autoplay.tsx";
import { type DiceBetJson, type DiceOutcome, type DiceRules, type PlayAnswer, rollDice } from "./api.ts";
import { diceProblem, hundredths, stakeOf, targetOf } from "./bets.ts";
import { GamePage, type GameState, money, RoundMoney, satang } from "./Game.tsx";
import { originalsErrorText, PROBLEM_TEXT } from "./messages.ts";

/** The target range of a direction: under 1.00–95.00, over 4.99–98.99 (a win chance of 1%–95%). */
function targetRange(direction: DiceDirection): { min: number; max: number } {
  return direction === "under"
    ? { min: DICE_MIN_CHANCE_HUNDREDTHS, max: DICE_MAX_CHANCE_HUNDREDTHS }
    : {
        min: DICE_OUTCOMES - 1 - DICE_MAX_CHANCE_HUNDREDTHS,
        max: DICE_OUTCOMES - 1 - DICE_MIN_CHANCE_HUNDREDTHS,
      };
}

const clamp = (value: number, { min, max }: { min: number; max: number }) =>
  Math.min(max, Math.max(min, value));

/** LOTTOUP Dice: a stake, a target, under or over; the chance and the multiplier follow the engine. */
export function DicePage({ token }: { token: string }) {
  return (
    <GamePage<DiceRules>
      token={token}
      game="lottoup-dice"
      name="Dice"
      rules={(rules) => <DiceRulesPanel rules={rules} />}
    >
      {(state) => <DiceTable state={state} />}
    </GamePage>
  );
}

function DiceRulesPanel({ rules }: { rules: DiceRules }) {
  return (
    <>
      <p>
        <Trans>
          The roll is a number from 0.00 to 99.99. "Under" wins when the roll is below your target, "over"
          when it is above; a roll equal to the target loses. The win chance is from 1% to 95%.
        </Trans>
      </p>
      <p>
        <Trans>
          A win pays your stake times the multiplier shown, which is 99% divided by the win chance (house edge{" "}
          {rules.houseEdgePercent}%).
        </Trans>
      </p>
      <p>
        <Trans>
          Stake: {money(rules.limits.minStake)} to {money(rules.limits.maxStake)} a roll.
        </Trans>
      </p>
    </>
  );
}

function DiceTable({ state }: { state: GameState<DiceRules> }) {
  const { t, i18n } = useLingui();
  const [stake, setStake] = useState("10");
  const [direction, setDirection] = useState<DiceDirection>("under");
  const [target, setTarget] = useState(5000);
  const [targetText, setTargetText] = useState("50.00");
  const [last, setLast] = useState<PlayAnswer<DiceOutcome, DiceBetJson> | null>(null);
  const [autoRunning, setAutoRunning] = useState(false);
  const submit = useSubmit<"stake" | "target">({ errorText: originalsErrorText });
  const range = targetRange(direction);
  const valid = isValidDiceTarget(direction, target);
  const chance = valid ? diceWinChance(direction, target) : null;
  const multiplier = chance === null ? null : diceMultiplierTenThousandths(chance);
  const stakeSatang = stakeOf(stake);
  const busy = submit.pending || autoRunning;
  const problem = diceProblem({ stake, direction, targetHundredths: target });

  const moveTarget = (value: number) => {
    const next = clamp(value, range);
    setTarget(next);
    setTargetText(hundredths(next));
  };
  const turn = (next: DiceDirection) => {
    setDirection(next);
    // Keep the same win chance on the other side: under 50.00 is as likely as over 49.99.
    const mirrored = DICE_OUTCOMES - 1 - target;
    const nextTarget = clamp(mirrored, targetRange(next));
    setTarget(nextTarget);
    setTargetText(hundredths(nextTarget));
  };

  const playOnce = async (): Promise<bigint> => {
    try {
      const answer = await rollDice(state.token, {
        direction,
        target,
        stake: String(stakeSatang),
      });
      setLast(answer);
      state.played(answer);
      return satang(answer.balance);
    } catch (error) {
      if (error instanceof ApiError && typeof error.details.balance === "string")
        state.setBalance(satang(error.details.balance));
      throw error;
    }
  };

  const roll = () => {
    if (problem) {
      const text = PROBLEM_TEXT[problem];
      const field = problem === "targetInvalid" ? "target" : "stake";
      submit.fail({ fields: { [field]: () => i18n._(text) } });
      return;
    }
    void submit.run(() => playOnce());
  };

  return (
    <section className="og-table" aria-label={t`Dice table`}>
      <div className="og-dice-result" aria-live="polite">
        {last ? (
          <>
            <p className={`og-roll ${last.outcome.win ? "og-win" : "og-lose"}`}>
              <span className="og-roll-label">
                <Trans>Result</Trans>
              </span>{" "}
              <strong>{hundredths(last.outcome.rollHundredths)}</strong>{" "}
              {last.outcome.win ? <Trans>You win</Trans> : <Trans>You lose</Trans>}
            </p>
            <p className="og-bet-line">
              {last.bet.direction === "under" ? (
                <Trans>Your bet: under {hundredths(last.bet.target)}</Trans>
              ) : (
                <Trans>Your bet: over {hundredths(last.bet.target)}</Trans>
              )}
            </p>
            <RoundMoney answer={last} />
          </>
        ) : (
          <p className="og-roll og-roll-empty">
            <Trans>Pick your target and roll.</Trans>
          </p>
        )}
      </div>
      <TextField
        label={t`Stake (baht)`}
        inputMode="decimal"
        value={stake}
        disabled={busy}
        onChange={(event) => setStake(event.target.value)}
        error={submit.fieldError("stake")}
        hint={t`${money(state.rules.limits.minStake)} to ${money(state.rules.limits.maxStake)}`}
      />
      <fieldset className="og-group">
        <legend>{t`Direction`}</legend>
        <div className="og-segmented">
          <button
            type="button"
            className="og-touch"
            aria-pressed={direction === "under"}
            disabled={busy}
            onClick={() => turn("under")}
          >
            <Trans>Roll under</Trans>
          </button>
          <button
            type="button"
            className="og-touch"
            aria-pressed={direction === "over"}
            disabled={busy}
            onClick={() => turn("over")}
          >
            <Trans>Roll over</Trans>
          </button>
        </div>
      </fieldset>
      <TextField
        label={t`Target (0.00–99.99)`}
        inputMode="decimal"
        value={targetText}
        disabled={busy}
        onChange={(event) => {
          setTargetText(event.target.value);
          const parsed = targetOf(event.target.value);
          if (parsed !== null) setTarget(parsed);
          else setTarget(-1);
        }}
        onBlur={() => {
          // A valid target is written the usual way (50 → 50.00); one out of range stays as typed, and Roll says
          // what is wrong rather than changing the player's number.
          const typed = targetOf(targetText);
          if (typed !== null && isValidDiceTarget(direction, typed)) setTargetText(hundredths(typed));
        }}
        error={submit.fieldError("target")}
      />
      <input
        className="og-slider"
        type="range"
        aria-label={t`Target`}
        min={range.min}
        max={range.max}
        step={1}
        value={clamp(target, range)}
        disabled={busy}
        aria-valuetext={hundredths(target)}
        onChange={(event) => moveTarget(Number(event.target.value))}
      />
      <dl className="og-odds">
        <div>
          <dt>
            <Trans>Win chance</Trans>
          </dt>
          <dd>{chance === null ? "—" : `${hundredths(chance)}%`}</dd>
        </div>
        <div>
          <dt>
            <Trans>Multiplier</Trans>
          </dt>
          <dd>{multiplier === null ? "—" : `${(multiplier / 10_000).toFixed(4)}×`}</dd>
        </div>
        <div>
          <dt>
            <Trans>Win pays</Trans>
          </dt>
          <dd>
            {multiplier === null || stakeSatang === null
              ? "—"
              : formatSatang((stakeSatang * BigInt(multiplier)) / 10_000n)}
          </dd>
        </div>
      </dl>
      <PlayControls
        error={submit.error?.() ?? null}
        busy={busy}
        onPlay={roll}
        label={submit.pending ? <Trans>Rolling…</Trans> : <Trans>Roll</Trans>}
        autoplay={{
          max: state.rules.maxAutoplayRounds,
          stake: problem ? null : stakeSatang,
          balance: state.balance,
          disabled: busy,
          play: playOnce,
          onRunning: setAutoRunning,
        }}
      />
    </section>
  );
}
