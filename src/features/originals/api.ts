import type {
  BaccaratBetKind,
  DiceDirection,
  OriginalGameCode,
  SlotSymbol,
} from "../../domain/games/index.ts";
import { originalsApi, postJson } from "../../lib/api.ts";

/**
 * LOTTOUP Originals' game server as the game pages call it (docs/games.md "The Originals API"): every call is a POST
 * with the game session token in the body (the launch URL's `token`), through the app's client (`originalsApi`:
 * `X-Requested-With: lottoup`). Amounts are satang as decimal strings. Nothing else says who the player is.
 */

export interface BaccaratSeed {
  commitment: string;
  clientSeed: string;
  shoePosition: number;
  cardsRemaining: number;
}
export interface NonceSeed {
  commitment: string;
  clientSeed: string;
  nonce: number;
}
export type SeedState = BaccaratSeed | NonceSeed;

export interface BaccaratRules {
  code: "lottoup-baccarat";
  rtpPercent: number;
  maxAutoplayRounds: number;
  betKinds: BaccaratBetKind[];
  limits: Record<BaccaratBetKind, { min: string; max: string }>;
  paysToOne: Record<BaccaratBetKind, string>;
  rtpPercentByBet: Record<BaccaratBetKind, number>;
  shoe: { decks: number; cards: number; cutCardRemaining: number; burnCards: number };
}
export interface SlotRules {
  code: "lottoup-siam-fortune";
  rtpPercent: number;
  maxAutoplayRounds: number;
  limits: { minTotalBet: string; maxTotalBet: string };
  lineCount: number;
  lines: number[][];
  strips: string[];
  paytable: Record<SlotSymbol, [number, number, number]>;
  hitFrequencyPercent: number;
  maxWinTotalBets: number;
}
export interface DiceRules {
  code: "lottoup-dice";
  rtpPercent: number;
  maxAutoplayRounds: number;
  limits: { minStake: string; maxStake: string };
  minChanceHundredths: number;
  maxChanceHundredths: number;
  houseEdgePercent: number;
}
export type Rules = BaccaratRules | SlotRules | DiceRules;

export interface SessionAnswer<R extends Rules = Rules> {
  game: OriginalGameCode;
  currency: string;
  balance: string;
  seed: SeedState;
  rules: R;
}

export interface CardJson {
  rank: number;
  suit: number;
}
export interface BaccaratOutcome {
  player: CardJson[];
  banker: CardJson[];
  playerTotal: number;
  bankerTotal: number;
  winner: "player" | "banker" | "tie";
  playerPair: boolean;
  bankerPair: boolean;
  natural: boolean;
  position: number;
  nextPosition: number;
  cardsRemaining: number;
  shoeOver: boolean;
  bets: { kind: BaccaratBetKind; stake: string; return: string }[];
}
export interface SlotOutcome {
  stops: number[];
  window: SlotSymbol[][];
  wins: { line: number; symbol: SlotSymbol; count: number; pay: number }[];
  pay: number;
}
export interface DiceOutcome {
  rollHundredths: number;
  win: boolean;
  multiplierTenThousandths: number;
}

export interface BaccaratBetJson {
  bets: { kind: BaccaratBetKind; stake: string }[];
}
export interface SlotBetJson {
  totalBet: string;
  lineBet?: string;
}
export interface DiceBetJson {
  direction: DiceDirection;
  target: number;
  stake: string;
}

export interface Fairness {
  commitment: string;
  clientSeed: string;
  nonce?: number;
  shoePosition?: number;
  serverSeed: string | null;
}

export interface Revealed {
  commitment: string;
  serverSeed: string;
  clientSeed: string;
  rounds?: number;
  shoeEndPosition?: number;
  revealedAt: string | null;
}

/** A played round, as `deal`, `spin` and `roll` answer it. */
export interface PlayAnswer<O = unknown, B = unknown> {
  roundId: string;
  game: OriginalGameCode;
  state: "settled" | "win_pending";
  winPending: boolean;
  message?: string;
  bet: B;
  outcome: O;
  stake: string;
  return: string;
  balance: string;
  fairness: Fairness;
  seed: SeedState;
  revealed?: Revealed;
}

/** A round of the history (`rounds`): a rolled-back round has no outcome, return or fairness. */
export interface RoundRecord {
  roundId: string;
  game: OriginalGameCode;
  state: string;
  createdAt: string;
  closedAt: string | null;
  bet: unknown;
  outcome: unknown;
  stake: string;
  return: string | null;
  fairness: Fairness | null;
}

const post = async <T>(path: string, body: unknown): Promise<T> =>
  (await postJson<T>(originalsApi, path, body)).data;

export const openSession = <R extends Rules>(token: string, game: OriginalGameCode) =>
  post<SessionAnswer<R>>("session", { token, game });

export const dealBaccarat = (token: string, bets: { kind: BaccaratBetKind; stake: string }[]) =>
  post<PlayAnswer<BaccaratOutcome, BaccaratBetJson>>("baccarat/deal", { token, bets });

export const spinSlot = (token: string, totalBet: string) =>
  post<PlayAnswer<SlotOutcome, SlotBetJson>>("slot/spin", { token, totalBet });

export const rollDice = (token: string, bet: DiceBetJson) =>
  post<PlayAnswer<DiceOutcome, DiceBetJson>>("dice/roll", { token, ...bet });

export const rotateSeeds = (token: string, game: OriginalGameCode, clientSeed?: string) =>
  post<{ revealed: Revealed; seed: SeedState }>("seeds/rotate", {
    token,
    game,
    ...(clientSeed ? { clientSeed } : {}),
  });

export const fetchRounds = (token: string, game: OriginalGameCode, limit = 20) =>
  post<{ rounds: RoundRecord[] }>("rounds", { token, game, limit });
