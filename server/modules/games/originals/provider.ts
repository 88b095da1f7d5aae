import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import * as v from "valibot";
import {
  BACCARAT_BET_KINDS,
  type BaccaratBetKind,
  type DiceDirection,
  isValidClientSeed,
  type OriginalGameCode,
} from "../../../../src/domain/games/index.ts";
import { integer, text } from "../../../../src/domain/text.ts";
import type { Config } from "../../../config.ts";
import type { Database } from "../../../db/database.ts";
import { AppError } from "../../../http/errors.ts";
import { parseWith } from "../../../http/validate.ts";
import { betProblem, isOriginalCode, type OriginalsBet, rulesOf } from "./outcomes.ts";
import { PlayerDirectory, PlayLocks } from "./players.ts";
import { startRetryJob } from "./retry.ts";
import { type OriginalsContext, playRound, rotateSeeds, roundHistory, sessionSeed } from "./rounds.ts";
import {
  createWalletClient,
  type HttpTransport,
  httpTransport,
  originalsWalletSecret,
  type WalletClient,
} from "./walletClient.ts";

/**
 * LOTTOUP Originals' game server, the provider side (docs/games.md "LOTTOUP Originals"): an encapsulated plugin
 * under /external/originals/api/ that plays the three Originals and moves money only through the operator's
 * `lottoup` wallet callbacks, signed, over HTTP. It knows a player only as the `user` the wallet's `authenticate`
 * answers for the game session token the page sends; it never reads the operator's tables, nor they its own.
 *
 * Register it once: `await app.register(originalsProvider, { config, database })`.
 */

export const ORIGINALS_API_PREFIX = "/external/originals/api";

export interface OriginalsDeps {
  config: Pick<Config, "sessionSecret" | "drawSeedKey" | "allowedHosts">;
  database: Database;
  /**
   * The operator's wallet. Default: signed HTTP POSTs to this server's own listening address (asked on every
   * call, so an ephemeral port works), with `Host` set to the first ALLOWED_HOSTS name so the host allow-list
   * accepts them, and the secret originalsWalletSecret(SESSION_SECRET).
   */
  wallet?: WalletClient;
  /** Per wallet call (default 10 s). A bet not answered in time is rolled back. */
  walletTimeoutMs?: number;
  /** How often the retry job runs (default 5 s); 0 turns it off (tests call retryDueRounds themselves). */
  retryIntervalMs?: number;
}

export const DEFAULT_WALLET_TIMEOUT_MS = 10_000;

/** The base URL of the server's own listener: 0.0.0.0 and :: are reached on the loopback. */
export function ownBaseUrl(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | string | null;
  if (address === null || typeof address === "string")
    throw new Error("the server is not listening on a TCP port");
  const host =
    address.address === "0.0.0.0" || address.address === ""
      ? "127.0.0.1"
      : address.address === "::"
        ? "[::1]"
        : address.family === "IPv6"
          ? `[${address.address}]`
          : address.address;
  return `http://${host}:${address.port}`;
}

/** The Host the wallet calls carry: a name ALLOWED_HOSTS accepts (none needed when it accepts every host). */
export function walletHostHeader(allowedHosts: readonly string[]): string | undefined {
  return allowedHosts.find((host) => host !== "*");
}

// ---- Request bodies (docs/games.md "Originals API"): amounts are satang, as decimal strings or JSON integers --

const Token = v.pipe(text(512), v.minLength(1, "requestInvalid"));
const Game = v.pipe(
  text(40),
  v.check((code) => isOriginalCode(code), "requestInvalid"),
);
const Satang = integer(0, Number.MAX_SAFE_INTEGER);

const SessionBody = v.object({ token: Token, game: Game }, "requestInvalid");
const DealBody = v.object(
  {
    token: Token,
    bets: v.pipe(
      v.array(v.object({ kind: text(20), stake: Satang }, "requestInvalid"), "requestInvalid"),
      v.maxLength(BACCARAT_BET_KINDS.length, "requestInvalid"),
    ),
  },
  "requestInvalid",
);
const SpinBody = v.object({ token: Token, totalBet: Satang }, "requestInvalid");
const RollBody = v.object(
  { token: Token, stake: Satang, direction: text(10), target: integer(0, 1_000_000) },
  "requestInvalid",
);
const RotateBody = v.object({ token: Token, game: Game, clientSeed: v.optional(text(64)) }, "requestInvalid");
const RoundsBody = v.object(
  { token: Token, game: Game, limit: v.optional(integer(1, 100), 20) },
  "requestInvalid",
);

const PROBLEM_TEXT: Record<string, string> = {
  empty: "Place at least one bet.",
  unknownKind: "That is not a bet of this game.",
  duplicateKind: "One bet per kind.",
  belowMinimum: "The bet is below the table minimum.",
  aboveMaximum: "The bet is above the table maximum.",
  bothSides: "Player and banker may not both be bet in one hand.",
  notWholeLineBet: "The total bet must split into 10 equal line bets (a multiple of 10 satang).",
  targetInvalid: "The target gives a win chance outside 1% to 95%.",
};

/** The engine's own check of the bet (checkBaccaratBets, checkSlotBet, checkDiceBet). */
function checked(bet: OriginalsBet): OriginalsBet {
  const problem = betProblem(bet);
  if (problem !== null)
    throw new AppError(400, "BET_INVALID", PROBLEM_TEXT[problem] ?? "The bet is invalid.", { problem });
  return bet;
}

/** The provider's working parts for a wallet client (the plugin's own; tests build one to drive the retry job). */
export function createOriginalsContext(
  deps: Pick<OriginalsDeps, "config" | "database" | "walletTimeoutMs">,
  wallet: WalletClient,
  log: OriginalsContext["log"],
): OriginalsContext {
  const timeoutMs = deps.walletTimeoutMs ?? DEFAULT_WALLET_TIMEOUT_MS;
  return {
    db: deps.database.db,
    wallet,
    drawKey: deps.config.drawSeedKey,
    players: new PlayerDirectory(wallet),
    locks: new PlayLocks(),
    timing: {
      walletTimeoutMs: timeoutMs,
      betLeaseMs: 2 * timeoutMs + 10_000,
      sendLeaseMs: timeoutMs + 5_000,
    },
    log,
  };
}

export async function originalsProvider(app: FastifyInstance, deps: OriginalsDeps): Promise<void> {
  let transport: HttpTransport | null = null;
  let wallet = deps.wallet;
  if (!wallet) {
    transport = httpTransport({
      baseUrl: () => ownBaseUrl(app),
      hostHeader: walletHostHeader(deps.config.allowedHosts),
    });
    wallet = createWalletClient({
      secret: originalsWalletSecret(deps.config.sessionSecret),
      transport,
      timeoutMs: deps.walletTimeoutMs ?? DEFAULT_WALLET_TIMEOUT_MS,
    });
  }
  const ctx = createOriginalsContext(deps, wallet, app.log);
  const stopRetries = deps.retryIntervalMs === 0 ? async () => {} : startRetryJob(ctx, deps.retryIntervalMs);
  app.addHook("onClose", async () => {
    await stopRetries();
    transport?.close();
  });

  await app.register(
    async (api) => {
      // The answers are a player's balance and rounds: never kept by a browser cache.
      api.addHook("onRequest", async (_request, reply) => {
        reply.header("cache-control", "no-store");
      });
      api.setNotFoundHandler((_request, reply) =>
        reply.status(404).send({ code: "NOT_FOUND", message: "Not Found" }),
      );

      api.post("/session", async (request) => {
        const body = parseWith(SessionBody, request.body);
        const game = body.game as OriginalGameCode;
        const { player, balance } = await ctx.players.resolve(body.token, true);
        return {
          game,
          currency: player.currency,
          balance: String(balance),
          seed: await sessionSeed(ctx, player, game),
          rules: rulesOf(game),
        };
      });

      api.post("/baccarat/deal", async (request) => {
        const body = parseWith(DealBody, request.body);
        const bet = checked({
          game: "lottoup-baccarat",
          bets: body.bets.map((b) => ({ kind: b.kind as BaccaratBetKind, stakeSatang: BigInt(b.stake) })),
        });
        const { player } = await ctx.players.resolve(body.token);
        return playRound(ctx, player, body.token, bet);
      });

      api.post("/slot/spin", async (request) => {
        const body = parseWith(SpinBody, request.body);
        const bet = checked({ game: "lottoup-siam-fortune", totalBetSatang: BigInt(body.totalBet) });
        const { player } = await ctx.players.resolve(body.token);
        return playRound(ctx, player, body.token, bet);
      });

      api.post("/dice/roll", async (request) => {
        const body = parseWith(RollBody, request.body);
        const bet = checked({
          game: "lottoup-dice",
          bet: {
            direction: body.direction as DiceDirection,
            targetHundredths: body.target,
            stakeSatang: BigInt(body.stake),
          },
        });
        const { player } = await ctx.players.resolve(body.token);
        return playRound(ctx, player, body.token, bet);
      });

      api.post("/seeds/rotate", async (request) => {
        const body = parseWith(RotateBody, request.body);
        if (body.clientSeed !== undefined && !isValidClientSeed(body.clientSeed)) {
          throw new AppError(
            400,
            "CLIENT_SEED_INVALID",
            "A client seed is 1 to 64 characters from ! to ~ (no spaces, no colon).",
          );
        }
        const { player } = await ctx.players.resolve(body.token);
        return rotateSeeds(ctx, player, body.game as OriginalGameCode, body.clientSeed);
      });

      api.post("/rounds", async (request) => {
        const body = parseWith(RoundsBody, request.body);
        const { player } = await ctx.players.resolve(body.token);
        return { rounds: await roundHistory(ctx, player, body.game as OriginalGameCode, body.limit) };
      });
    },
    { prefix: ORIGINALS_API_PREFIX },
  );
}
