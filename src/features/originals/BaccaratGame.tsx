import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { BACCARAT_BET_KINDS, type BaccaratBetKind } from "../../domain/games/index.ts";
import { ApiError } from "../../lib/api.ts";
import { formatSatang } from "../../lib/format.ts";
import { useSubmit } from "../../lib/submit.ts";
import { FieldMessages, FormError } from "../../ui/form.tsx";
import {
  type BaccaratBetJson,
  type BaccaratOutcome,
  type BaccaratRules,
  type CardJson,
  dealBaccarat,
  type PlayAnswer,
} from "./api.ts";
import { type BaccaratSlip, baccaratBets, stakeOf } from "./bets.ts";
import { GamePage, type GameState, money, RoundMoney, satang } from "./Game.tsx";
import { cardName, KIND_TEXT, originalsErrorText, PROBLEM_TEXT } from "./messages.ts";

const CHIPS_BAHT = [10, 50, 100, 500, 1000];
const RANK = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUIT = ["♠", "♥", "♦", "♣"];

/** Baccarat (punto banco, 8 decks): bets on player, banker, tie and the pairs, Deal, the hand and what each bet returns. */
export function BaccaratPage({ token }: { token: string }) {
  return (
    <GamePage<BaccaratRules>
      token={token}
      game="lottoup-baccarat"
      name="Baccarat"
      rules={(rules) => <BaccaratRulesPanel rules={rules} />}
    >
      {(state) => <BaccaratTable state={state} />}
    </GamePage>
  );
}

function BaccaratRulesPanel({ rules }: { rules: BaccaratRules }) {
  const { t, i18n } = useLingui();
  return (
    <>
      <p>
        <Trans>
          Punto banco dealt from a shoe of {rules.shoe.decks} decks ({rules.shoe.cards} cards), no burn cards.
          The shoe ends when fewer than {rules.shoe.cutCardRemaining} cards remain; the next shoe comes with a
          new seed pair. Player and Banker cannot both be bet in one hand. On a tie, Player and Banker bets
          are returned.
        </Trans>
      </p>
      <table className="og-paytable">
        <caption>{t`Bets, pays and limits`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Bet`}</th>
            <th scope="col">{t`Pays`}</th>
            <th scope="col">{t`Limits`}</th>
            <th scope="col">RTP</th>
          </tr>
        </thead>
        <tbody>
          {BACCARAT_BET_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row">{i18n._(KIND_TEXT[kind])}</th>
              <td>{rules.paysToOne[kind]}:1</td>
              <td>
                {money(rules.limits[kind].min)}–{money(rules.limits[kind].max)}
              </td>
              <td>{rules.rtpPercentByBet[kind]}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function PlayingCard({ card }: { card: CardJson }) {
  const { i18n } = useLingui();
  const red = card.suit === 1 || card.suit === 2;
  return (
    <span role="img" aria-label={cardName(i18n, card)} className={`og-card ${red ? "og-card-red" : ""}`}>
      <span aria-hidden="true">
        {RANK[card.rank]}
        {SUIT[card.suit]}
      </span>
    </span>
  );
}

function Hand({
  label,
  cards,
  total,
  won,
}: {
  label: string;
  cards: CardJson[];
  total: number;
  won: boolean;
}) {
  return (
    <div className={`og-hand ${won ? "og-hand-won" : ""}`}>
      <h3>
        {label} <span className="og-total">{total}</span>
      </h3>
      <div className="og-cards">
        {cards.map((card, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: cards in the order dealt
          <PlayingCard key={i} card={card} />
        ))}
      </div>
    </div>
  );
}

function BaccaratTable({ state }: { state: GameState<BaccaratRules> }) {
  const { t, i18n } = useLingui();
  const [slip, setSlip] = useState<BaccaratSlip>({});
  const [chip, setChip] = useState(CHIPS_BAHT[0] as number);
  const [last, setLast] = useState<PlayAnswer<BaccaratOutcome, BaccaratBetJson> | null>(null);
  const [newShoe, setNewShoe] = useState(false);
  const submit = useSubmit<BaccaratBetKind>({ errorText: originalsErrorText });
  const seed = "shoePosition" in state.seed ? state.seed : null;

  const addChip = (kind: BaccaratBetKind) => {
    const now = stakeOf(slip[kind] ?? "") ?? 0n;
    const next = now + BigInt(chip) * 100n;
    setSlip({
      ...slip,
      [kind]: formatSatang(next, { symbol: false }).replace(/\.00$/, "").replaceAll(",", ""),
    });
  };
  const staked = BACCARAT_BET_KINDS.reduce((sum, kind) => sum + (stakeOf(slip[kind] ?? "") ?? 0n), 0n);

  const deal = () => {
    const checked = baccaratBets(slip);
    if (checked.problem !== null) {
      const text = PROBLEM_TEXT[checked.problem];
      if ("kind" in checked && checked.kind) submit.fail({ fields: { [checked.kind]: () => i18n._(text) } });
      else submit.fail({ form: () => i18n._(text) });
      return;
    }
    void submit.run(async () => {
      try {
        const answer = await dealBaccarat(
          state.token,
          checked.bets.map((bet) => ({ kind: bet.kind, stake: String(bet.stakeSatang) })),
        );
        setLast(answer);
        setNewShoe(answer.revealed !== undefined);
        state.played(answer);
      } catch (error) {
        if (error instanceof ApiError && typeof error.details.balance === "string")
          state.setBalance(satang(error.details.balance));
        throw error;
      }
    });
  };

  const outcome = last?.outcome;
  return (
    <section className="og-table" aria-label={t`Baccarat table`}>
      {seed ? (
        <p className="og-shoe">
          <Trans>
            Shoe position {seed.shoePosition} · {seed.cardsRemaining} cards remaining
          </Trans>
        </p>
      ) : null}
      <div aria-live="polite">
        {outcome && last ? (
          <div className="og-deal">
            <div className="og-hands">
              <Hand
                label={t`Player`}
                cards={outcome.player}
                total={outcome.playerTotal}
                won={outcome.winner === "player"}
              />
              <Hand
                label={t`Banker`}
                cards={outcome.banker}
                total={outcome.bankerTotal}
                won={outcome.winner === "banker"}
              />
            </div>
            <p className="og-winner">
              {outcome.winner === "player" ? (
                <Trans>Player wins</Trans>
              ) : outcome.winner === "banker" ? (
                <Trans>Banker wins</Trans>
              ) : (
                <Trans>Tie</Trans>
              )}
              {outcome.natural ? ` · ${t`Natural`}` : ""}
              {outcome.playerPair ? ` · ${t`Player pair`}` : ""}
              {outcome.bankerPair ? ` · ${t`Banker pair`}` : ""}
            </p>
            <ul className="og-bet-returns">
              {outcome.bets.map((bet) => (
                <li key={bet.kind}>
                  <Trans>
                    {i18n._(KIND_TEXT[bet.kind])}: stake {money(bet.stake)}, returns {money(bet.return)}
                  </Trans>
                </li>
              ))}
            </ul>
            <RoundMoney answer={last} />
            {newShoe ? (
              <p className="og-pending">
                <Trans>
                  The shoe is finished: a new shoe starts with a new seed pair. The finished shoe's server
                  seed is revealed in the seed panel.
                </Trans>
              </p>
            ) : null}
          </div>
        ) : (
          <p>
            <Trans>Place your bets and deal.</Trans>
          </p>
        )}
      </div>
      <fieldset className="og-group">
        <legend>{t`Chip value (baht)`}</legend>
        <div className="og-chips">
          {CHIPS_BAHT.map((value) => (
            <button
              key={value}
              type="button"
              className="og-chip og-touch"
              aria-pressed={chip === value}
              onClick={() => setChip(value)}
            >
              {value.toLocaleString("en-US")}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="og-spots">
        {BACCARAT_BET_KINDS.map((kind) => {
          const id = `og-bet-${kind}`;
          const error = submit.fieldError(kind);
          const limits = state.rules.limits[kind];
          const name = i18n._(KIND_TEXT[kind]);
          return (
            <div key={kind} className={`og-spot ${error ? "field-invalid" : ""}`}>
              <label htmlFor={id}>
                {name} <span className="og-pays">{state.rules.paysToOne[kind]}:1</span>
              </label>
              <div className="og-spot-row">
                <input
                  id={id}
                  inputMode="decimal"
                  placeholder="0"
                  value={slip[kind] ?? ""}
                  disabled={submit.pending}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
                  onChange={(event) => setSlip({ ...slip, [kind]: event.target.value })}
                />
                <button
                  type="button"
                  className="button og-touch og-add"
                  disabled={submit.pending}
                  aria-label={t`Add a ${chip} baht chip to ${name}`}
                  onClick={() => addChip(kind)}
                >
                  +{chip.toLocaleString("en-US")}
                </button>
              </div>
              <FieldMessages id={id} hint={`${money(limits.min)}–${money(limits.max)}`} error={error} />
            </div>
          );
        })}
      </div>
      <p className="og-staked">
        <Trans>Total stake {formatSatang(staked)}</Trans>
      </p>
      <FormError message={submit.error?.() ?? null} />
      <div className="og-row og-actions">
        <button
          type="button"
          className="button og-touch"
          disabled={submit.pending}
          onClick={() => {
            setSlip({});
            submit.clear();
          }}
        >
          <Trans>Clear bets</Trans>
        </button>
        <button
          type="button"
          className="button button-primary button-large og-grow"
          disabled={submit.pending}
          onClick={deal}
        >
          {submit.pending ? <Trans>Dealing…</Trans> : <Trans>Deal</Trans>}
        </button>
      </div>
    </section>
  );
}
