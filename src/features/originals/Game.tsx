import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useId, useState } from "react";
import { CLIENT_SEED_PATTERN, type OriginalGameCode } from "../../domain/games/index.ts";
import { formatSatang } from "../../lib/format.ts";
import { useLoad } from "../../lib/load.ts";
import { useSubmit } from "../../lib/submit.ts";
import { FormError, TextField } from "../../ui/form.tsx";
import { Loading } from "../../ui/Load.tsx";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import {
  fetchRounds,
  openSession,
  type PlayAnswer,
  type Revealed,
  type RoundRecord,
  type Rules,
  rotateSeeds,
  type SeedState,
  type SessionAnswer,
} from "./api.ts";
import { originalsErrorText, sessionEnded } from "./messages.ts";
import { type Verification, verifyRound } from "./verify.ts";
import "./originals.css";

/**
 * What every Original's page shares: the game session opened from the launch URL's token, the compact chrome that
 * fits the lobby's frame (name, balance, rules), the seed panel (commitment, client seed, nonce, rotation) and the
 * history with each round verified in the browser.
 */

export interface GameState<R extends Rules> {
  token: string;
  game: OriginalGameCode;
  rules: R;
  balance: bigint;
  seed: SeedState;
  /** Takes a played round's answer: its balance and the seed pair's state after it; the history reloads. */
  played: (answer: Pick<PlayAnswer, "balance" | "seed" | "revealed">) => void;
  /** Takes the balance a refusal carried (NOT_ENOUGH_MONEY). */
  setBalance: (balance: bigint) => void;
}

/** Satang from the wire ("12345") for arithmetic; 0 for anything else. */
export const satang = (text: string | null | undefined): bigint =>
  text && /^-?\d+$/.test(text) ? BigInt(text) : 0n;

export const money = (text: string | null | undefined) => formatSatang(satang(text));

export function GamePage<R extends Rules>({
  token,
  game,
  name,
  rules: rulesPanel,
  children,
}: {
  token: string;
  game: OriginalGameCode;
  name: string;
  rules: (rules: R) => ReactNode;
  children: (state: GameState<R>) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(name);
  const session = useLoad(() => openSession<R>(token, game), [token, game], { enabled: token !== "" });
  const [balance, setBalance] = useState<bigint | null>(null);
  const [seed, setSeed] = useState<SeedState | null>(null);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [historyVersion, setHistoryVersion] = useState(0);

  useEffect(() => {
    if (session.data) {
      setBalance(satang(session.data.balance));
      setSeed(session.data.seed);
    }
  }, [session.data]);

  const data: SessionAnswer<R> | undefined = session.data;
  const ended = token === "" || sessionEnded(session.error);
  const state: GameState<R> | null =
    data && balance !== null && seed !== null
      ? {
          token,
          game,
          rules: data.rules,
          balance,
          seed,
          played: (answer) => {
            setBalance(satang(answer.balance));
            setSeed(answer.seed);
            if (answer.revealed) setRevealed(answer.revealed);
            setHistoryVersion((v) => v + 1);
          },
          setBalance,
        }
      : null;

  return (
    <div className="og">
      <header className="og-bar">
        <h1 className="og-name">{name}</h1>
        <p className="og-balance" aria-live="polite">
          <span className="og-balance-label">
            <Trans>Balance</Trans>
          </span>{" "}
          <strong className="money">{balance === null ? "—" : formatSatang(balance)}</strong>
        </p>
      </header>
      {ended ? (
        <section className="outcome outcome-bad" role="alert">
          <h2>
            <Trans>This game session has ended</Trans>
          </h2>
          <p>
            <Trans>Go back to the lobby and open the game again.</Trans>
          </p>
        </section>
      ) : session.error ? (
        <section className="outcome outcome-bad" role="alert">
          <h2>
            <Trans>The game could not open</Trans>
          </h2>
          <p>{originalsErrorText(i18n, session.error)}</p>
          <button type="button" className="button button-primary" onClick={() => void session.reload()}>
            <Trans>Try again</Trans>
          </button>
        </section>
      ) : !state || !data ? (
        <Loading />
      ) : (
        <>
          {children(state)}
          <details className="og-panel">
            <summary>
              <Trans>Rules and paytable</Trans>
            </summary>
            {rulesPanel(data.rules)}
            {/* Baccarat's return depends on the bet: its table lists each. */}
            {game === "lottoup-baccarat" ? null : (
              <p>
                <Trans>Return to player: {data.rules.rtpPercent}%.</Trans>{" "}
                <Trans>Autoplay runs at most {data.rules.maxAutoplayRounds} rounds from one start.</Trans>
              </p>
            )}
          </details>
          <SeedPanel
            token={token}
            game={game}
            seed={state.seed}
            revealed={revealed}
            onRotated={(next, old) => {
              setSeed(next);
              setRevealed(old);
              setHistoryVersion((v) => v + 1);
            }}
          />
          <HistoryPanel token={token} game={game} version={historyVersion} label={t`Bet history`} />
        </>
      )}
    </div>
  );
}

function SeedPanel({
  token,
  game,
  seed,
  revealed,
  onRotated,
}: {
  token: string;
  game: OriginalGameCode;
  seed: SeedState;
  revealed: Revealed | null;
  onRotated: (seed: SeedState, revealed: Revealed) => void;
}) {
  const { t } = useLingui();
  const [clientSeed, setClientSeed] = useState("");
  const submit = useSubmit<"clientSeed">({
    errorText: originalsErrorText,
    fieldOf: (error) => (error.code === "CLIENT_SEED_INVALID" ? "clientSeed" : null),
  });
  const rotate = () => {
    const own = clientSeed.trim();
    if (own !== "" && !CLIENT_SEED_PATTERN.test(own)) {
      submit.fail({
        fields: {
          clientSeed: () =>
            t`A client seed is 1 to 64 letters, digits or symbols, without spaces or a colon.`,
        },
      });
      return;
    }
    void submit.run(async () => {
      const answer = await rotateSeeds(token, game, own === "" ? undefined : own);
      onRotated(answer.seed, answer.revealed);
      setClientSeed("");
    });
  };
  return (
    <details className="og-panel">
      <summary>
        <Trans>Provably fair: seeds</Trans>
      </summary>
      <dl className="og-facts">
        <dt>
          <Trans>Server seed commitment (SHA-256)</Trans>
        </dt>
        <dd className="mono break">{seed.commitment}</dd>
        <dt>
          <Trans>Client seed</Trans>
        </dt>
        <dd className="mono break">{seed.clientSeed}</dd>
        {"shoePosition" in seed ? (
          <>
            <dt>
              <Trans>Shoe position</Trans>
            </dt>
            <dd>
              <Trans>
                {seed.shoePosition} (cards remaining: {seed.cardsRemaining})
              </Trans>
            </dd>
          </>
        ) : (
          <>
            <dt>
              <Trans>Next nonce</Trans>
            </dt>
            <dd>{seed.nonce}</dd>
          </>
        )}
      </dl>
      <p className="field-hint">
        <Trans>
          Rotating reveals the current server seed, so you can verify every round played with it, and starts a
          new pair.
        </Trans>
      </p>
      <TextField
        label={t`Your own client seed (optional)`}
        value={clientSeed}
        maxLength={64}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setClientSeed(event.target.value)}
        error={submit.fieldError("clientSeed")}
      />
      <FormError message={submit.error?.() ?? null} />
      <button
        type="button"
        className="button button-block og-touch"
        disabled={submit.pending}
        onClick={rotate}
      >
        {submit.pending ? <Trans>Rotating…</Trans> : <Trans>Rotate seed</Trans>}
      </button>
      {revealed ? (
        <div className="og-revealed" role="status">
          <p>
            <strong>
              <Trans>Previous server seed revealed</Trans>
            </strong>
          </p>
          <dl className="og-facts">
            <dt>
              <Trans>Server seed</Trans>
            </dt>
            <dd className="mono break">{revealed.serverSeed}</dd>
            <dt>
              <Trans>Its commitment</Trans>
            </dt>
            <dd className="mono break">{revealed.commitment}</dd>
            <dt>
              <Trans>Client seed</Trans>
            </dt>
            <dd className="mono break">{revealed.clientSeed}</dd>
          </dl>
        </div>
      ) : null}
    </details>
  );
}

function VerificationBadge({ verification }: { verification: Verification | undefined }) {
  if (!verification) return <span className="badge badge-off">…</span>;
  switch (verification.status) {
    case "verified":
      return (
        <span className="badge badge-ok">
          <Trans>Verified ✓</Trans>
        </span>
      );
    case "sealed":
      return (
        <span className="badge badge-wait">
          <Trans>Verifiable after you rotate the seed</Trans>
        </span>
      );
    case "none":
      return (
        <span className="badge badge-off">
          <Trans>Not played: stake returned</Trans>
        </span>
      );
    case "mismatch":
      return (
        <span className="badge badge-bad">
          <Trans>Mismatch: this round does not match its seeds</Trans>
        </span>
      );
  }
}

function HistoryPanel({
  token,
  game,
  version,
  label,
}: {
  token: string;
  game: OriginalGameCode;
  version: number;
  label: string;
}) {
  const { i18n } = useLingui();
  const headingId = useId();
  const rounds = useLoad(() => fetchRounds(token, game, 20), [token, game, version]);
  const [checks, setChecks] = useState<Record<string, Verification>>({});
  useEffect(() => {
    let live = true;
    const list = rounds.data?.rounds ?? [];
    void Promise.all(list.map(async (round) => [round.roundId, await verifyRound(round)] as const)).then(
      (results) => {
        if (live) setChecks(Object.fromEntries(results));
      },
    );
    return () => {
      live = false;
    };
  }, [rounds.data]);
  const list: RoundRecord[] = rounds.data?.rounds ?? [];
  return (
    <section className="og-panel og-history" aria-labelledby={headingId}>
      <h2 id={headingId}>{label}</h2>
      {rounds.error ? <FormError message={originalsErrorText(i18n, rounds.error)} /> : null}
      {list.length === 0 && !rounds.loading ? (
        <p className="empty-state">
          <Trans>No rounds yet.</Trans>
        </p>
      ) : null}
      <ol className="og-rounds">
        {list.map((round) => {
          const time = new Date(round.createdAt).toLocaleTimeString(i18n.locale, {
            timeZone: "Asia/Bangkok",
            hour: "2-digit",
            minute: "2-digit",
            second: "2-digit",
          });
          const where = round.fairness?.nonce ?? round.fairness?.shoePosition;
          return (
            <li key={round.roundId} className="og-round">
              <span className="og-round-time">{time}</span>
              <span>
                <Trans>Stake {money(round.stake)}</Trans>
              </span>
              <span>{round.return === null ? null : <Trans>Return {money(round.return)}</Trans>}</span>
              {where === undefined ? null : (
                <span className="og-round-nonce">
                  {round.game === "lottoup-baccarat" ? (
                    <Trans>Shoe position {where}</Trans>
                  ) : (
                    <Trans>Nonce {where}</Trans>
                  )}
                </span>
              )}
              <VerificationBadge verification={checks[round.roundId]} />
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** How a played round's money ended, announced: the return, and a win still being paid. */
export function RoundMoney({ answer }: { answer: PlayAnswer }) {
  const won = satang(answer.return);
  return (
    <div className="og-round-money">
      <p>
        {won > 0n ? (
          <Trans>
            You get back {money(answer.return)} (stake {money(answer.stake)})
          </Trans>
        ) : (
          <Trans>No win this time (stake {money(answer.stake)})</Trans>
        )}
      </p>
      {answer.winPending ? (
        <p className="og-pending">
          {won > 0n ? (
            <Trans>Your win is being paid. It will reach your balance shortly.</Trans>
          ) : (
            <Trans>The round is being closed with the wallet.</Trans>
          )}
        </p>
      ) : null}
    </div>
  );
}
