/**
 * Drives rounds straight against the operator's Wallet API as Hub88 would, without a browser, with chaos:
 * calls aborted client-side after the operator may have processed them, duplicate deliveries (one after the
 * other, or at the same time), rollbacks of accepted bets, and rollbacks sent before their bet followed by the
 * late bet (which must be refused). For the soak test, the benchmark and the operator's wallet tests.
 *
 * It follows Hub88's rules after chaos: a bet without an answer (or refused otherwise than for money) is rolled
 * back; wins and rollbacks are re-sent with the same ids until answered. It checks every answer's shape and
 * reports what an operator must never do.
 */
import { randomUUID } from "node:crypto";
import { GAMES, winUnits } from "./page.ts";
import { loadPrivateKey, type PemOrKey } from "./signature.ts";
import {
  BET_REFUSALS_WITHOUT_ROLLBACK,
  Books,
  type BooksSnapshot,
  type CallRecord,
  createWalletCaller,
  type Hub88WalletAnswer,
  type PreparedCall,
  type SendResult,
  type WalletCall,
} from "./wallet.ts";

export { explainHub88WalletAnswer, isHub88WalletAnswer } from "./wallet.ts";

export interface DriverPlayer {
  user: string;
  /** A valid session token for the user (bets check it; wins and rollbacks must not check its expiry). */
  token: string;
}

export interface DriverChaos {
  /** Chance that the first delivery of a call is aborted client-side, after 0..abortWithinMs. */
  timeoutRate?: number;
  /** Upper bound of the abort delay (default 30 ms): short enough to hit before and after processing. */
  abortWithinMs?: number;
  /** Chance that a call is delivered twice, one after the other. */
  duplicateRate?: number;
  /** Chance that a call is delivered twice at the same time. */
  concurrentDuplicateRate?: number;
  /** Chance that an accepted bet is rolled back instead of being paid. */
  rollbackRate?: number;
  /** Chance that a round starts with a rollback of a bet not sent yet, then sends that (late) bet. */
  rollbackBeforeBetRate?: number;
}

export interface PlayRoundsOptions {
  /** The operator's Wallet API base, e.g. http://localhost:8080/api/providers/hub88. */
  walletUrl: string;
  /** PEM (or key): signs the calls as Hub88. */
  hub88PrivateKey: PemOrKey;
  players: DriverPlayer[];
  rounds: number;
  /** Rounds in flight at once (default 8). */
  concurrency?: number;
  currency?: string;
  gameCodes?: string[];
  /** Stake range in Hub88 units; stakes are whole satang (default 1 to 50 baht). */
  stake?: { min: number; max: number };
  /** Chance that a round pays (default 0.45); a losing round is a win of amount 0. */
  winRate?: number;
  chaos?: DriverChaos;
  /** Seed of the driver's choices (default random), printed in the result to replay a run. */
  seed?: number;
  /** How long a call may take when no chaos aborts it (default 10 s). */
  timeoutMs?: number;
  /** Attempts for wins and rollbacks (default 50). */
  maxAttempts?: number;
  retryDelayMs?: (attempt: number) => number;
  /** Ask each player's balance before and after, and compare with the books (default true). */
  reconcile?: boolean;
  /** Keep every call in the books' log (default true; a long soak may turn it off). */
  keepCalls?: boolean;
  /** Throw a Hub88DriverError at the end when violations were seen (default true). */
  strict?: boolean;
}

export interface DriverAnswer {
  call: WalletCall;
  transactionUuid: string | undefined;
  requestUuid: string;
  attempt: number;
  outcome: SendResult["outcome"];
  status: string | undefined;
  balance: number | undefined;
  httpStatus: number | undefined;
}

export interface Reconciliation {
  user: string;
  before: number | undefined;
  after: number | undefined;
  net: number;
  unresolved: number;
  ok: boolean;
}

export interface PlayRoundsResult {
  seed: number;
  books: BooksSnapshot;
  answers: DriverAnswer[];
  violations: string[];
  reconciliation: Reconciliation[];
  stats: {
    rounds: number;
    duplicates: number;
    concurrentDuplicates: number;
    aborted: number;
    rollbacks: number;
    rollbacksBeforeBet: number;
    lateBetsRefused: number;
    ms: number;
  };
}

export class Hub88DriverError extends Error {
  readonly result: PlayRoundsResult;
  constructor(result: PlayRoundsResult) {
    super(
      `The operator's wallet broke Hub88's rules ${result.violations.length} time(s) (seed ${result.seed}):\n${result.violations
        .slice(0, 20)
        .join("\n")}`,
    );
    this.name = "Hub88DriverError";
    this.result = result;
  }
}

/** mulberry32: a small seeded generator, so a failing run can be replayed with its seed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export async function playRounds(options: PlayRoundsOptions): Promise<PlayRoundsResult> {
  if (options.players.length === 0) throw new Error("playRounds needs at least one player");
  const started = performance.now();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const random = seeded(seed);
  const chance = (p: number | undefined) => (p ?? 0) > 0 && random() < (p ?? 0);
  const chaos = options.chaos ?? {};
  const abortWithinMs = chaos.abortWithinMs ?? 30;
  const currency = options.currency ?? "THB";
  const gameCodes = options.gameCodes ?? GAMES.map((g) => g.code);
  const stakeMin = Math.max(1_000, options.stake?.min ?? 100_000);
  const stakeMax = Math.max(stakeMin, options.stake?.max ?? 5_000_000);
  const winRate = options.winRate ?? 0.45;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxAttempts = options.maxAttempts ?? 50;
  const retry = {
    maxAttempts,
    timeoutMs,
    ...(options.retryDelayMs ? { delayMs: options.retryDelayMs } : {}),
  };

  const books = new Books({ keepLog: options.keepCalls ?? true });
  const answers: DriverAnswer[] = [];
  const violations: string[] = [];
  const stats = {
    rounds: 0,
    duplicates: 0,
    concurrentDuplicates: 0,
    aborted: 0,
    rollbacks: 0,
    rollbacksBeforeBet: 0,
    lateBetsRefused: 0,
    ms: 0,
  };
  const key =
    typeof options.hub88PrivateKey === "string"
      ? loadPrivateKey(options.hub88PrivateKey)
      : options.hub88PrivateKey;
  const wallet = createWalletCaller({
    walletUrl: options.walletUrl,
    hub88PrivateKey: key,
    timeoutMs,
    onRecord: (record: CallRecord) => {
      books.record(record);
      const answer = record.answer as Hub88WalletAnswer | undefined;
      answers.push({
        call: record.call,
        transactionUuid: record.transactionUuid,
        requestUuid: record.requestUuid,
        attempt: record.attempt,
        outcome: record.outcome,
        status: answer?.status,
        balance: answer?.balance,
        httpStatus: record.httpStatus,
      });
      if (record.outcome === "malformed") {
        violations.push(
          `${record.call} ${record.transactionUuid ?? ""}: answer not of Hub88's shape: ${record.error}`,
        );
      } else if (record.outcome === "http") {
        violations.push(
          `${record.call} ${record.transactionUuid ?? ""}: HTTP ${record.httpStatus} instead of 200`,
        );
      }
    },
  });

  /**
   * One delivery as chaos decides (maybe aborted early, maybe twice). Returns what Hub88 takes as the outcome:
   * the first delivery's result.
   */
  async function deliver(prepared: PreparedCall): Promise<SendResult> {
    const abort = chance(chaos.timeoutRate) ? { abortAfterMs: Math.floor(random() * abortWithinMs) } : {};
    if (abort.abortAfterMs !== undefined) stats.aborted += 1;
    if (chance(chaos.concurrentDuplicateRate)) {
      stats.concurrentDuplicates += 1;
      const [first, second] = await Promise.all([
        wallet.send(prepared, { timeoutMs, ...abort }),
        wallet.send(prepared, { timeoutMs }),
      ]);
      compareDuplicate(prepared, first, second);
      return first;
    }
    const first = await wallet.send(prepared, { timeoutMs, ...abort });
    if (chance(chaos.duplicateRate)) {
      stats.duplicates += 1;
      const second = await wallet.send(prepared, { timeoutMs });
      compareDuplicate(prepared, first, second);
    }
    return first;
  }

  function compareDuplicate(prepared: PreparedCall, first: SendResult, second: SendResult): void {
    const a = first.answer?.status;
    const b = second.answer?.status;
    if (a !== undefined && b !== undefined && a !== b) {
      violations.push(
        `${prepared.call} ${prepared.transactionUuid}: the same delivery answered ${a} then ${b}`,
      );
    }
  }

  /** A win or rollback: delivered once (with chaos), then re-sent with the same ids until answered. */
  async function settle(prepared: PreparedCall): Promise<SendResult> {
    const first = await deliver(prepared);
    if (first.outcome === "answered") return first;
    return wallet.sendUntilAnswered(prepared, { ...retry, attempt: 2 });
  }

  function rollbackCall(
    player: DriverPlayer,
    round: string,
    gameCode: string,
    reference: string,
  ): PreparedCall {
    return wallet.prepare("rollback", {
      user: player.user,
      transaction_uuid: randomUUID(),
      supplier_transaction_id: `sts-drv-${randomUUID()}`,
      token: player.token,
      round_closed: true,
      round,
      request_uuid: randomUUID(),
      reference_transaction_uuid: reference,
      game_code: gameCode,
      meta: {},
    });
  }

  async function rollBack(player: DriverPlayer, round: string, gameCode: string, reference: string) {
    stats.rollbacks += 1;
    const prepared = rollbackCall(player, round, gameCode, reference);
    const result = await settle(prepared);
    books.rollback(prepared.transactionUuid as string, player.user, reference, result);
    if (result.answer && result.answer.status !== "RS_OK") {
      violations.push(
        `rollback of ${reference}: answered ${result.answer.status}, a rollback is always RS_OK`,
      );
    }
    return result;
  }

  async function playOne(index: number): Promise<void> {
    const player = options.players[Math.floor(random() * options.players.length)] as DriverPlayer;
    const gameCode = gameCodes[Math.floor(random() * gameCodes.length)] as string;
    const round = `drv-${seed}-${index}`;
    const stakeSatang = Math.floor(stakeMin / 1_000 + random() * (stakeMax / 1_000 - stakeMin / 1_000 + 1));
    const stake = Math.min(stakeSatang * 1_000, stakeMax);
    const betTx = randomUUID();
    const common = {
      user: player.user,
      token: player.token,
      supplier_user: `sts_${player.user}`,
      round,
      is_free: false,
      is_aggregated: false,
      game_code: gameCode,
      currency,
      bet: `${gameCode}:driver`,
      meta: {},
    };
    const bet = wallet.prepare("bet", {
      ...common,
      transaction_uuid: betTx,
      supplier_transaction_id: `sts-drv-${randomUUID()}`,
      round_closed: false,
      request_uuid: randomUUID(),
      amount: stake,
    });

    if (chance(chaos.rollbackBeforeBetRate)) {
      // The rollback overtakes its bet: it must be acknowledged, and the late bet refused.
      stats.rollbacksBeforeBet += 1;
      await rollBack(player, round, gameCode, betTx);
      const late = await deliver(bet);
      books.bet(betTx, player.user, stake, round, late);
      if (late.answer?.status === "RS_OK") {
        violations.push(`bet ${betTx}: accepted after its rollback was acknowledged (it must be refused)`);
      } else if (late.answer) {
        stats.lateBetsRefused += 1;
      } else {
        // No answer to the late bet: Hub88 rolls it back (again).
        await rollBack(player, round, gameCode, betTx);
      }
      return;
    }

    const betResult = await deliver(bet);
    books.bet(betTx, player.user, stake, round, betResult);
    const status = betResult.answer?.status;
    if (status !== "RS_OK") {
      if (status !== undefined && BET_REFUSALS_WITHOUT_ROLLBACK.includes(status)) return;
      await rollBack(player, round, gameCode, betTx);
      return;
    }
    if (chance(chaos.rollbackRate)) {
      await rollBack(player, round, gameCode, betTx);
      return;
    }
    const amount = random() < winRate ? winUnits(stake, 1_500 + Math.floor(random() * 2_000)) : 0;
    const win = wallet.prepare("win", {
      ...common,
      transaction_uuid: randomUUID(),
      supplier_transaction_id: `sts-drv-${randomUUID()}`,
      reference_transaction_uuid: betTx,
      round_closed: true,
      request_uuid: randomUUID(),
      amount,
    });
    const winResult = await settle(win);
    books.win(win.transactionUuid as string, player.user, amount, betTx, winResult);
    if (winResult.answer && winResult.answer.status !== "RS_OK") {
      violations.push(`win for accepted bet ${betTx}: answered ${winResult.answer.status}`);
    }
  }

  const unreadable: string[] = [];
  async function balances(): Promise<Map<string, number | undefined>> {
    const seen = new Map<string, number | undefined>();
    for (const player of options.players) {
      if (seen.has(player.user)) continue;
      const gameCode = gameCodes[0] ?? "sts_coinflip";
      // A read moves nothing, so it is asked again (as Hub88 would) until answered: one refused connection or one
      // slow answer on a loaded machine must not pass for drift. What still fails is said with its reason.
      const result = await wallet.sendUntilAnswered(
        wallet.prepare("balance", {
          user: player.user,
          token: player.token,
          request_uuid: randomUUID(),
          game_code: gameCode,
        }),
        { timeoutMs, maxAttempts: 5 },
      );
      const answer = result.answer as Hub88WalletAnswer | undefined;
      if (answer?.status === "RS_OK") seen.set(player.user, answer.balance);
      else {
        seen.set(player.user, undefined);
        unreadable.push(
          `${player.user}: balance unreadable after ${result.attempts} attempts (${answer?.status ?? result.outcome}${result.httpStatus ? ` HTTP ${result.httpStatus}` : ""}${result.text ? `: ${result.text.slice(0, 160)}` : ""})`,
        );
      }
    }
    return seen;
  }

  const reconcile = options.reconcile ?? true;
  const before = reconcile ? await balances() : new Map<string, number | undefined>();

  let next = 0;
  const workers = Array.from({ length: Math.max(1, options.concurrency ?? 8) }, async () => {
    while (next < options.rounds) {
      const index = next;
      next += 1;
      await playOne(index);
      stats.rounds += 1;
    }
  });
  await Promise.all(workers);

  const snapshot = books.snapshot({ withLog: options.keepCalls ?? true });
  const reconciliation: Reconciliation[] = [];
  if (reconcile) {
    const after = await balances();
    for (const [user, start] of before) {
      const end = after.get(user);
      const userBooks = snapshot.users[user] ?? { net: 0, unresolved: 0 };
      const ok =
        userBooks.unresolved > 0 ||
        (start !== undefined && end !== undefined && start - end === userBooks.net);
      reconciliation.push({
        user,
        before: start,
        after: end,
        net: userBooks.net,
        unresolved: userBooks.unresolved,
        ok,
      });
      if (!ok && start !== undefined && end !== undefined) {
        violations.push(`${user}: the balance moved ${end - start} units, the books say ${-userBooks.net}`);
      }
    }
    violations.push(...unreadable);
  }
  stats.ms = Math.round(performance.now() - started);
  const result: PlayRoundsResult = { seed, books: snapshot, answers, violations, reconciliation, stats };
  if ((options.strict ?? true) && violations.length > 0) throw new Hub88DriverError(result);
  return result;
}
