/**
 * A stand-in for Hub88, speaking its Operator API dialect (docs/hub88.md): the Games API the operator calls
 * (game list, launch URL, round link), a small game page the launch URL opens, and, while the player plays,
 * the Wallet API calls Hub88 makes on the operator (bet, then win; rollback of a bet left without an answer;
 * wins retried with the same ids until answered). For the end-to-end tests, the soak test, the benchmark and
 * demo mode; never part of the product, and shares none of its code.
 */
import { randomBytes, randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import {
  backgroundSvg,
  catalogEntry,
  cryptoRandom,
  findGame,
  GAME_SCRIPT,
  GAMES,
  playOutcome,
  playPage,
  roundPage,
  type StandInGame,
  thumbSvg,
  winUnits,
} from "./page.ts";
import { loadPublicKey, SIGNATURE_HEADER, verifyBody } from "./signature.ts";
import {
  BET_REFUSALS_WITHOUT_ROLLBACK,
  Books,
  createWalletCaller,
  defaultRetryDelay,
  type Hub88WalletAnswer,
  UNITS_PER_CURRENCY_UNIT,
  type WalletCaller,
} from "./wallet.ts";

export interface Hub88StandInOptions {
  /** The operator_id the stand-in accepts on the Games API. */
  operatorId: number;
  /** The operator's Wallet API base, e.g. http://localhost:8080/api/providers/hub88. */
  walletUrl: string;
  /** PEM: signs the Wallet API calls (the operator verifies them with the public half). */
  hub88PrivateKey: string;
  /** PEM: verifies the operator's Games API calls. */
  operatorPublicKey: string;
  /** The stand-in's own base URL, for the launch and image URLs it hands out. */
  publicUrl: string;
  /** The wallet currency of real-money launches (default THB). */
  currency?: string;
  /** How long a wallet call may take before it counts as lost (default 5000 ms). */
  walletTimeoutMs?: number;
  /** How many times a win or rollback is sent before the stand-in gives up (default 100). */
  maxAttempts?: number;
  /** Delay before retry n+1 (default 100 ms doubling to 2 s). */
  retryDelayMs?: (attempt: number) => number;
  /** The games' randomness, [0, 1) (default crypto). Tests may force outcomes. */
  random?: () => number;
  /** Largest stake the page accepts, in currency units (default 1,000,000). */
  maxStake?: number;
  logger?: boolean;
}

interface Launch {
  id: string;
  game: StandInGame;
  user: string;
  token: string;
  currency: string;
  demo: boolean;
  lobbyUrl: string | undefined;
  funBalance: number;
  infoAsked: boolean;
}

export type Hub88StandIn = FastifyInstance & { books: Books };

const PLATFORMS = ["GPL_DESKTOP", "GPL_MOBILE"];
const DEMO_CURRENCY = "XXX";
const DEMO_START_BALANCE = 1_000 * UNITS_PER_CURRENCY_UNIT;
const MAX_LAUNCHES = 50_000;

const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** "10", "10.5", "10.50" in currency units → Hub88 units; undefined when not a positive amount of ≤ 2 decimals. */
export function parseStake(value: unknown, maxStake: number): number | undefined {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string") return undefined;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  const units = whole * UNITS_PER_CURRENCY_UNIT + fraction * 1_000;
  if (units <= 0 || units > maxStake * UNITS_PER_CURRENCY_UNIT) return undefined;
  return units;
}

function newRoundId(): string {
  return randomBytes(12).toString("base64url");
}

export function buildHub88StandIn(options: Hub88StandInOptions): Hub88StandIn {
  const publicUrl = options.publicUrl.replace(/\/+$/, "");
  const currency = options.currency ?? "THB";
  const walletTimeoutMs = options.walletTimeoutMs ?? 5_000;
  const maxAttempts = options.maxAttempts ?? 100;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelay;
  const random = options.random ?? cryptoRandom;
  const maxStake = options.maxStake ?? 1_000_000;
  const operatorKey = loadPublicKey(options.operatorPublicKey);
  const books = new Books();
  const wallet: WalletCaller = createWalletCaller({
    walletUrl: options.walletUrl,
    hub88PrivateKey: options.hub88PrivateKey,
    timeoutMs: walletTimeoutMs,
    onRecord: books.record,
  });
  const launches = new Map<string, Launch>();

  const app = Fastify({ logger: options.logger ?? false });

  // Hub88 verifies the bytes it received: keep JSON bodies raw and parse them after the signature check.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => {
    done(null, body);
  });

  function apiError(reply: FastifyReply, status: number, error: string) {
    return reply.code(status).send({ error });
  }

  /**
   * The Games API's checks, in Hub88's order: a signature header, a JSON body, a known operator_id, then the
   * signature verified with that operator's key. Returns the body, or undefined after answering the error.
   */
  function gamesApiBody(
    raw: unknown,
    header: string | string[] | undefined,
    reply: FastifyReply,
  ): Record<string, unknown> | undefined {
    const signature = Array.isArray(header) ? header[0] : header;
    if (!signature) {
      apiError(reply, 401, "Signature header x-hub88-signature is missing");
      return undefined;
    }
    const bytes = Buffer.isBuffer(raw) ? raw : Buffer.alloc(0);
    let body: unknown;
    try {
      body = JSON.parse(bytes.toString("utf8"));
    } catch {
      apiError(reply, 400, "Request body is not valid JSON");
      return undefined;
    }
    if (!isRecord(body)) {
      apiError(reply, 400, "Request body must be a JSON object");
      return undefined;
    }
    if (typeof body.operator_id !== "number" || !Number.isInteger(body.operator_id)) {
      apiError(reply, 400, "operator_id must be an integer");
      return undefined;
    }
    if (body.operator_id !== options.operatorId) {
      apiError(reply, 404, "The operator_id doesn't correspond to any existing Operator");
      return undefined;
    }
    if (!verifyBody(bytes, signature, operatorKey)) {
      apiError(reply, 401, "Request signature is invalid");
      return undefined;
    }
    return body;
  }

  app.get("/", async () => ({
    name: "Hub88 stand-in",
    note: "Stand-in provider — test games. Not Hub88.",
    games: GAMES.map((g) => g.code),
  }));

  app.post("/operator/generic/v2/game/list", async (request, reply) => {
    const body = gamesApiBody(request.body, request.headers[SIGNATURE_HEADER], reply);
    if (!body) return reply;
    return GAMES.map((game) => catalogEntry(game, publicUrl));
  });

  app.post("/operator/generic/v2/game/url", async (request, reply) => {
    const body = gamesApiBody(request.body, request.headers[SIGNATURE_HEADER], reply);
    if (!body) return reply;
    const problem = (field: string, rule: string) => apiError(reply, 400, `${field}: ${rule}`);
    if (typeof body.platform !== "string" || !PLATFORMS.includes(body.platform)) {
      return problem("platform", "must be GPL_DESKTOP or GPL_MOBILE");
    }
    if (typeof body.game_code !== "string") return problem("game_code", "is required");
    const game = findGame(body.game_code);
    if (!game) return apiError(reply, 404, `Game ${body.game_code} doesn't exist`);
    if (typeof body.currency !== "string" || !/^[A-Za-z]{3,8}$/.test(body.currency)) {
      return problem("currency", "must be an ISO 4217 code");
    }
    const demo = body.currency === DEMO_CURRENCY;
    if (!demo && body.currency !== currency) {
      return apiError(reply, 403, `Currency ${body.currency} isn't enabled for the Operator`);
    }
    if (typeof body.lang !== "string" || !/^[a-z]{2}$/.test(body.lang))
      return problem("lang", "must be ISO 639-1");
    if (typeof body.country !== "string" || !/^[A-Z]{2}$/.test(body.country)) {
      return problem("country", "must be ISO 3166-1 alpha-2");
    }
    if (typeof body.ip !== "string" || body.ip.length === 0) return problem("ip", "is required");
    if (!demo) {
      if (typeof body.user !== "string" || body.user.length < 3)
        return problem("user", "at least 3 characters");
      if (typeof body.token !== "string" || body.token.length < 10 || body.token.length > 255) {
        return problem("token", "10 to 255 characters");
      }
    }
    for (const field of ["lobby_url", "deposit_url", "sub_partner_id"] as const) {
      const value = body[field];
      if (value !== undefined && value !== null && (typeof value !== "string" || value.length > 255)) {
        return problem(field, "a string of at most 255 characters");
      }
    }
    if (body.meta !== undefined && body.meta !== null && !isRecord(body.meta))
      return problem("meta", "an object");
    const launch: Launch = {
      id: randomBytes(18).toString("base64url"),
      game,
      user: typeof body.user === "string" ? body.user : "demo",
      token: typeof body.token === "string" ? body.token : "",
      currency: demo ? DEMO_CURRENCY : currency,
      demo,
      lobbyUrl: typeof body.lobby_url === "string" ? body.lobby_url : undefined,
      funBalance: DEMO_START_BALANCE,
      infoAsked: false,
    };
    if (launches.size >= MAX_LAUNCHES) {
      const oldest = launches.keys().next().value;
      if (oldest !== undefined) launches.delete(oldest);
    }
    launches.set(launch.id, launch);
    return { url: `${publicUrl}/play/${launch.id}` };
  });

  app.post("/operator/generic/v2/game/round", async (request, reply) => {
    const body = gamesApiBody(request.body, request.headers[SIGNATURE_HEADER], reply);
    if (!body) return reply;
    if (typeof body.round !== "string") return apiError(reply, 400, "round: is required");
    const round = books.round(body.round);
    if (!round || (typeof body.user === "string" && body.user !== round.user)) {
      return apiError(reply, 404, "The resource requested wasn't found");
    }
    return { url: `${publicUrl}/round/${encodeURIComponent(body.round)}` };
  });

  app.get<{ Params: { round: string } }>("/round/:round", async (request, reply) => {
    const round = books.round(request.params.round);
    if (!round)
      return reply
        .code(404)
        .type("text/html")
        .send(roundPage(request.params.round, ["Unknown round."]));
    const lines = [
      `Game ${round.gameCode}, player ${round.user}`,
      ...round.calls.map(
        (c) =>
          `${c.call} ${c.transactionUuid ?? ""} amount ${String(c.body.amount ?? "-")} attempt ${c.attempt}: ${c.outcome}${c.answer ? ` ${c.answer.status}` : ""}`,
      ),
    ];
    return reply
      .type("text/html")
      .header("content-security-policy", PAGE_CSP)
      .send(roundPage(request.params.round, lines));
  });

  app.get<{ Params: { file: string } }>("/assets/thumb/:file", async (request, reply) => {
    const game = findGame(request.params.file.replace(/\.svg$/, ""));
    if (!game) return reply.code(404).send({ error: "not found" });
    return reply.type("image/svg+xml").header("cache-control", "public, max-age=86400").send(thumbSvg(game));
  });

  app.get<{ Params: { file: string } }>("/assets/background/:file", async (request, reply) => {
    const game = findGame(request.params.file.replace(/\.svg$/, ""));
    if (!game) return reply.code(404).send({ error: "not found" });
    return reply
      .type("image/svg+xml")
      .header("cache-control", "public, max-age=86400")
      .send(backgroundSvg(game));
  });

  app.get("/play/assets/game.js", async (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").header("cache-control", "no-cache").send(GAME_SCRIPT),
  );

  app.get<{ Params: { launchId: string } }>("/play/:launchId", async (request, reply) => {
    const launch = launches.get(request.params.launchId);
    if (!launch) return reply.code(404).type("text/plain").send("This game session is unknown or has ended.");
    return reply
      .type("text/html; charset=utf-8")
      .header("content-security-policy", PAGE_CSP)
      .header("cache-control", "no-store")
      .send(playPage(launch.game, launch.id, { demo: launch.demo, lobbyUrl: launch.lobbyUrl }));
  });

  app.get<{ Params: { launchId: string } }>("/play/:launchId/state", async (request, reply) => {
    const launch = launches.get(request.params.launchId);
    if (!launch) return reply.code(404).send({ error: "unknown game session" });
    if (launch.demo) return { status: "RS_OK", balance: launch.funBalance, currency: "FUN", demo: true };
    if (!launch.infoAsked) {
      launch.infoAsked = true;
      // Hub88 asks for the player's details; the page does not wait for them.
      void wallet
        .send(wallet.prepare("info", { user: launch.user, request_uuid: randomUUID() }))
        .catch(() => undefined);
    }
    const result = await wallet.send(
      wallet.prepare("balance", {
        user: launch.user,
        token: launch.token,
        request_uuid: randomUUID(),
        game_code: launch.game.code,
      }),
    );
    const answer = result.answer as Hub88WalletAnswer | undefined;
    if (!answer) return { status: "NO_ANSWER", currency: launch.currency };
    return { status: answer.status, balance: answer.balance, currency: answer.currency ?? launch.currency };
  });

  app.post<{ Params: { launchId: string } }>("/play/:launchId/round", async (request, reply) => {
    const launch = launches.get(request.params.launchId);
    if (!launch) return reply.code(404).send({ error: "unknown game session" });
    let body: unknown;
    try {
      body = JSON.parse(Buffer.isBuffer(request.body) ? request.body.toString("utf8") : "null");
    } catch {
      body = null;
    }
    const input = isRecord(body) ? body : {};
    const stake = parseStake(input.stake, maxStake);
    if (stake === undefined) {
      return reply
        .code(400)
        .send({ error: "The stake must be an amount above zero with at most two decimals." });
    }
    const choice =
      typeof input.choice === "string" && launch.game.choices.includes(input.choice)
        ? input.choice
        : (launch.game.choices[0] ?? "");
    if (launch.demo) return playDemoRound(launch, stake, choice);
    return playRealRound(launch, stake, choice);
  });

  app.get<{ Querystring: { calls?: string } }>("/__standin/books", async (request) =>
    books.snapshot({ withLog: request.query.calls !== "0" }),
  );

  function playDemoRound(launch: Launch, stake: number, choice: string) {
    if (stake > launch.funBalance) {
      return {
        ok: false,
        status: "RS_ERROR_NOT_ENOUGH_MONEY",
        message: "Not enough demo money.",
        balance: launch.funBalance,
        currency: "FUN",
      };
    }
    const outcome = playOutcome(launch.game, choice, random);
    const win = winUnits(stake, outcome.permille);
    launch.funBalance += win - stake;
    return {
      ok: true,
      status: "RS_OK",
      message: outcome.text,
      stake,
      win,
      balance: launch.funBalance,
      currency: "FUN",
    };
  }

  /** One round exactly as Hub88 runs it against the operator's wallet. */
  async function playRealRound(launch: Launch, stake: number, choice: string) {
    const round = newRoundId();
    const common = {
      user: launch.user,
      token: launch.token,
      supplier_user: `sts_${launch.user}`,
      round,
      is_free: false,
      is_aggregated: false,
      game_code: launch.game.code,
      currency: launch.currency,
      bet: choice ? `${launch.game.code}:${choice}` : launch.game.code,
      meta: {},
    };
    const betTx = randomUUID();
    books.noteRound(round, launch.user, launch.game.code, betTx);
    const bet = wallet.prepare("bet", {
      ...common,
      transaction_uuid: betTx,
      supplier_transaction_id: `sts-${randomBytes(8).toString("hex")}`,
      round_closed: false,
      request_uuid: randomUUID(),
      amount: stake,
    });
    const betResult = await wallet.send(bet);
    books.bet(betTx, launch.user, stake, round, betResult);
    const betAnswer = betResult.answer as Hub88WalletAnswer | undefined;

    if (betAnswer?.status === "RS_OK") {
      const outcome = playOutcome(launch.game, choice, random);
      const amount = winUnits(stake, outcome.permille);
      const winTx = randomUUID();
      books.noteRound(round, launch.user, launch.game.code, winTx);
      const win = wallet.prepare("win", {
        ...common,
        transaction_uuid: winTx,
        supplier_transaction_id: `sts-${randomBytes(8).toString("hex")}`,
        reference_transaction_uuid: betTx,
        round_closed: true,
        request_uuid: randomUUID(),
        amount,
      });
      const winResult = await wallet.sendUntilAnswered(win, { maxAttempts, delayMs: retryDelayMs });
      books.win(winTx, launch.user, amount, betTx, winResult);
      const winAnswer = winResult.answer as Hub88WalletAnswer | undefined;
      return {
        ok: winAnswer?.status === "RS_OK",
        status: winAnswer?.status ?? "NO_ANSWER",
        message:
          winAnswer?.status === "RS_OK"
            ? outcome.text
            : `${outcome.text} The operator did not confirm the payout (${winAnswer?.status ?? "no answer"}).`,
        round,
        stake,
        win: amount,
        balance: winAnswer?.balance ?? betAnswer.balance,
        currency: winAnswer?.currency ?? betAnswer.currency ?? launch.currency,
      };
    }

    if (betAnswer && BET_REFUSALS_WITHOUT_ROLLBACK.includes(betAnswer.status)) {
      return {
        ok: false,
        status: betAnswer.status,
        message:
          betAnswer.status === "RS_ERROR_NOT_ENOUGH_MONEY"
            ? "Not enough money for this stake."
            : "Limit reached.",
        round,
        stake,
        win: 0,
        balance: betAnswer.balance,
        currency: betAnswer.currency ?? launch.currency,
      };
    }

    // No answer, or any other refusal: Hub88 rolls the bet back, and retries the rollback until answered.
    const rollbackTx = randomUUID();
    books.noteRound(round, launch.user, launch.game.code, rollbackTx);
    const rollback = wallet.prepare("rollback", {
      user: launch.user,
      transaction_uuid: rollbackTx,
      supplier_transaction_id: `sts-${randomBytes(8).toString("hex")}`,
      token: launch.token,
      round_closed: true,
      round,
      request_uuid: randomUUID(),
      reference_transaction_uuid: betTx,
      game_code: launch.game.code,
      meta: {},
    });
    const rollbackResult = await wallet.sendUntilAnswered(rollback, { maxAttempts, delayMs: retryDelayMs });
    books.rollback(rollbackTx, launch.user, betTx, rollbackResult);
    const rollbackAnswer = rollbackResult.answer as Hub88WalletAnswer | undefined;
    return {
      ok: false,
      status: betAnswer?.status ?? "NO_ANSWER",
      message: `The bet was not confirmed (${betAnswer?.status ?? "no answer"}) and was cancelled.`,
      round,
      stake,
      win: 0,
      rolledBack: rollbackAnswer?.status === "RS_OK",
      balance: rollbackAnswer?.balance ?? betAnswer?.balance,
      currency: rollbackAnswer?.currency ?? launch.currency,
    };
  }

  return Object.assign(app, { books });
}
