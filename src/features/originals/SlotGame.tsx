import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { SLOT_SYMBOLS, type SlotSymbol } from "../../domain/games/index.ts";
import { ApiError } from "../../lib/api.ts";
import { formatSatang } from "../../lib/format.ts";
import { useSubmit } from "../../lib/submit.ts";
import { PlayControls } from "./Autoplay.tsx";
import { type PlayAnswer, type SlotOutcome, type SlotRules, spinSlot } from "./api.ts";
import { slotProblem } from "./bets.ts";
import { GamePage, type GameState, money, RoundMoney, satang } from "./Game.tsx";
import { originalsErrorText, PROBLEM_TEXT, SYMBOL_TEXT } from "./messages.ts";
import { SymbolArt } from "./Symbols.tsx";

/** Total bets offered, in baht: each splits into 10 whole line bets, within the game's limits. */
const TOTAL_BETS_BAHT = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

/** Siam Fortune: a total bet, Spin, the 3 × 5 window and the lines that paid. */
export function SlotPage({ token }: { token: string }) {
  return (
    <GamePage<SlotRules>
      token={token}
      game="lottoup-siam-fortune"
      name="Siam Fortune"
      rules={(rules) => <SlotRulesPanel rules={rules} />}
    >
      {(state) => <SlotMachine state={state} />}
    </GamePage>
  );
}

function SlotRulesPanel({ rules }: { rules: SlotRules }) {
  const { t, i18n } = useLingui();
  return (
    <>
      <p>
        <Trans>
          5 reels, 3 rows, {rules.lineCount} fixed lines. Total bet {money(rules.limits.minTotalBet)} to{" "}
          {money(rules.limits.maxTotalBet)}; each line bets a tenth of it. A line pays for 3, 4 or 5 of a kind
          from the leftmost reel; the wild stands for every symbol and also pays on its own; a line pays its
          larger win.
        </Trans>
      </p>
      <table className="og-paytable">
        <caption>{t`Paytable, in line bets`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Symbol`}</th>
            <th scope="col">×3</th>
            <th scope="col">×4</th>
            <th scope="col">×5</th>
          </tr>
        </thead>
        <tbody>
          {SLOT_SYMBOLS.map((symbol) => (
            <tr key={symbol}>
              <th scope="row">
                <span className="og-pay-symbol">
                  <SymbolArt symbol={symbol} />
                </span>
                {i18n._(SYMBOL_TEXT[symbol])}
              </th>
              {rules.paytable[symbol].map((pay, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the three columns are 3, 4 and 5 of a kind
                <td key={i}>{pay}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <Trans>
          Hit frequency {rules.hitFrequencyPercent}%; the largest win of one spin is {rules.maxWinTotalBets}{" "}
          times the total bet.
        </Trans>
      </p>
    </>
  );
}

function SlotWindow({
  window,
  winning,
}: {
  window: readonly (readonly SlotSymbol[])[];
  winning: Set<string>;
}) {
  const { t, i18n } = useLingui();
  const rows = [0, 1, 2];
  return (
    <table className="og-reels">
      <caption className="visually-hidden">{t`Reels`}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row}>
            {window.map((reel, r) => {
              const symbol = reel[row] as SlotSymbol;
              return (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: a reel is its position
                  key={r}
                  className={`og-cell ${winning.has(`${r}:${row}`) ? "og-cell-win" : ""}`}
                >
                  <span role="img" aria-label={i18n._(SYMBOL_TEXT[symbol])} className="og-cell-art">
                    <SymbolArt symbol={symbol} />
                  </span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const IDLE_WINDOW: SlotSymbol[][] = [
  ["jack", "wild", "queen"],
  ["king", "elephant", "jack"],
  ["queen", "tuktuk", "king"],
  ["jack", "lotus", "queen"],
  ["king", "mango", "ace"],
];

function SlotMachine({ state }: { state: GameState<SlotRules> }) {
  const { t, i18n } = useLingui();
  const [totalBaht, setTotalBaht] = useState(10);
  const [last, setLast] = useState<PlayAnswer<SlotOutcome> | null>(null);
  const [autoRunning, setAutoRunning] = useState(false);
  const submit = useSubmit({ errorText: originalsErrorText });
  const total = BigInt(totalBaht) * 100n;
  const lineBet = total / BigInt(state.rules.lineCount);
  const busy = submit.pending || autoRunning;
  const min = satang(state.rules.limits.minTotalBet);
  const max = satang(state.rules.limits.maxTotalBet);
  const choices = TOTAL_BETS_BAHT.filter((baht) => {
    const value = BigInt(baht) * 100n;
    return value >= min && value <= max && slotProblem(value) === null;
  });

  const winning = new Set<string>();
  for (const win of last?.outcome.wins ?? []) {
    const rows = state.rules.lines[win.line - 1] ?? [];
    for (let reel = 0; reel < win.count; reel++) winning.add(`${reel}:${rows[reel]}`);
  }

  const playOnce = async (): Promise<bigint> => {
    try {
      const answer = await spinSlot(state.token, String(total));
      setLast(answer);
      state.played(answer);
      return satang(answer.balance);
    } catch (error) {
      if (error instanceof ApiError && typeof error.details.balance === "string")
        state.setBalance(satang(error.details.balance));
      throw error;
    }
  };

  const spin = () => {
    const problem = slotProblem(total);
    if (problem) {
      submit.fail({ form: () => i18n._(PROBLEM_TEXT[problem]) });
      return;
    }
    void submit.run(() => playOnce());
  };

  return (
    <section className="og-table" aria-label={t`Slot machine`}>
      <SlotWindow window={last?.outcome.window ?? IDLE_WINDOW} winning={winning} />
      <div aria-live="polite" className="og-slot-result">
        {last ? (
          <>
            <RoundMoney answer={last} />
            {last.outcome.wins.length > 0 ? (
              <ul className="og-wins" aria-label={t`Winning lines`}>
                {last.outcome.wins.map((win) => (
                  <li key={win.line}>
                    <Trans>
                      Line {win.line}: {win.count} × {i18n._(SYMBOL_TEXT[win.symbol])} pays {win.pay} line
                      bets = {formatSatang(lineBet * BigInt(win.pay))}
                    </Trans>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : (
          <p>
            <Trans>Choose your total bet and spin.</Trans>
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="og-slot-bet">
          <Trans>Total bet</Trans>
        </label>
        <select
          id="og-slot-bet"
          className="og-select"
          value={totalBaht}
          disabled={busy}
          onChange={(event) => setTotalBaht(Number(event.target.value))}
        >
          {choices.map((baht) => (
            <option key={baht} value={baht}>
              {formatSatang(BigInt(baht) * 100n)}
            </option>
          ))}
        </select>
        <p className="field-hint">
          <Trans>
            {state.rules.lineCount} lines × {formatSatang(lineBet)} a line
          </Trans>
        </p>
      </div>
      <PlayControls
        error={submit.error?.() ?? null}
        busy={busy}
        onPlay={spin}
        label={submit.pending ? <Trans>Spinning…</Trans> : <Trans>Spin</Trans>}
        autoplay={{
          max: state.rules.maxAutoplayRounds,
          stake: total,
          balance: state.balance,
          disabled: busy,
          play: playOnce,
          onRunning: setAutoRunning,
        }}
      />
    </section>
  );
}
