/**
 * TEST ONLY: a fake operator wallet speaking the `lottoup` dialect (docs/games.md), for the Originals provider's
 * tests. It is not the product's wallet (server/modules/games) and shares no code with the provider: it checks the
 * signature with its own HMAC, keeps balances in memory, and follows the dialect's wallet rules closely enough to
 * catch a provider that breaks them (idempotent transaction ids, a rollback of an unknown bet leaves a tombstone
 * that refuses the late bet, wins and rollbacks accepted whatever became of the token). Faults can be injected per
 * call: an answer lost after the money moved, a request that never arrives, an unknown error, an HTTP 500.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";

export type WalletPath = "authenticate" | "balance" | "bet" | "win" | "rollback";

export interface RecordedCall {
  path: WalletPath;
  body: Record<string, unknown>;
  /** The dialect status answered, or "LOST" when no answer was given (fault). */
  answered: string;
  host: string | undefined;
}

export type Fault =
  /** Move the money, then hold the answer this long (past the provider's timeout: the answer is lost). */
  | { kind: "answerLost"; holdMs: number }
  /** Hold the request this long before anything happens (it "arrives" after the provider gave up). */
  | { kind: "arriveLate"; holdMs: number }
  /** Answer this status and move nothing. */
  | { kind: "status"; status: string }
  /** Answer HTTP 500 and move nothing. */
  | { kind: "http500" };

interface FakePlayer {
  token: string;
  user: string;
  balance: bigint;
  expired: boolean;
  disabled: boolean;
}

interface FakeTransaction {
  kind: "bet" | "win" | "rollback" | "tombstone";
  payloadHash: string;
  answer: Record<string, unknown>;
  amount: bigint;
  rolledBack: boolean;
}

export interface FakeOperatorWallet {
  /** Set by startFakeOperatorWallet: where it listens. */
  url: string;
  secret: string;
  calls: RecordedCall[];
  /** Decides a fault for each call (undefined: answer normally). */
  fault: ((path: WalletPath, body: Record<string, unknown>) => Fault | undefined) | null;
  addPlayer(balance: bigint): { token: string; user: string };
  player(user: string): FakePlayer;
  /** Money calls only (bet, win, rollback), in order. */
  moneyCalls(): RecordedCall[];
  close(): Promise<void>;
}

const DECIMAL = /^\d{1,19}$/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function independentSignature(secret: string, timestamp: string, raw: string): string {
  return `sha256=${createHmac("sha256", Buffer.from(secret, "utf8")).update(`${timestamp}.${raw}`).digest("hex")}`;
}

/** The routes under /api/providers/lottoup/, on any Fastify app (a standalone one, or the app under test). */
export function registerFakeOperatorWallet(
  app: FastifyInstance,
  wallet: Omit<FakeOperatorWallet, "url" | "close">,
) {
  const players = new Map<string, FakePlayer>();
  const byUser = new Map<string, FakePlayer>();
  const transactions = new Map<string, FakeTransaction>();
  const seenSignatures = new Set<string>();

  wallet.addPlayer = (balance) => {
    const player = {
      token: `tok-${randomUUID()}`,
      user: randomUUID(),
      balance,
      expired: false,
      disabled: false,
    };
    players.set(player.token, player);
    byUser.set(player.user, player);
    return { token: player.token, user: player.user };
  };
  wallet.player = (user) => {
    const player = byUser.get(user);
    if (!player) throw new Error(`no fake player ${user}`);
    return player;
  };
  wallet.moneyCalls = () => wallet.calls.filter((c) => c.path !== "authenticate" && c.path !== "balance");

  app.register(
    async (api) => {
      api.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
        (request as unknown as { rawBody: string }).rawBody = body as string;
        try {
          done(null, JSON.parse(body as string));
        } catch (err) {
          done(err as Error, undefined);
        }
      });
      for (const path of ["authenticate", "balance", "bet", "win", "rollback"] as const) {
        api.post(`/${path}`, async (request, reply) => {
          const raw = (request as unknown as { rawBody: string }).rawBody ?? "";
          const body = (request.body ?? {}) as Record<string, unknown>;
          const record = (answered: string) =>
            wallet.calls.push({ path, body, answered, host: request.headers.host });
          const timestamp = String(request.headers["x-timestamp"] ?? "");
          const signature = String(request.headers["x-signature"] ?? "");
          const expected = independentSignature(wallet.secret, timestamp, raw);
          if (
            signature.length !== expected.length ||
            !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
          ) {
            record("INVALID_SIGNATURE");
            return { status: "INVALID_SIGNATURE" };
          }
          if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) {
            record("SIGNATURE_EXPIRED");
            return { status: "SIGNATURE_EXPIRED" };
          }
          if (seenSignatures.has(signature)) {
            record("REPLAYED");
            return { status: "REPLAYED" };
          }
          seenSignatures.add(signature);

          const fault = wallet.fault?.(path, body);
          if (fault?.kind === "status") {
            record(fault.status);
            return { status: fault.status };
          }
          if (fault?.kind === "http500") {
            record("HTTP500");
            return reply.status(500).send({ error: "boom" });
          }
          if (fault?.kind === "arriveLate") await sleep(fault.holdMs);
          const answer = handle(path, body);
          if (fault?.kind === "answerLost") {
            record("LOST");
            await sleep(fault.holdMs);
            return answer;
          }
          record(String(answer.status));
          return answer;
        });
      }
    },
    { prefix: "/api/providers/lottoup" },
  );

  function hashOf(fields: unknown[]) {
    return createHash("sha256").update(JSON.stringify(fields)).digest("hex");
  }

  function handle(path: WalletPath, body: Record<string, unknown>): Record<string, unknown> {
    const token = typeof body.token === "string" ? body.token : "";
    const tokenPlayer = players.get(token);
    if (path === "authenticate") {
      if (!tokenPlayer) return { status: "INVALID_TOKEN" };
      if (tokenPlayer.expired) return { status: "TOKEN_EXPIRED" };
      if (tokenPlayer.disabled) return { status: "USER_DISABLED" };
      return {
        status: "OK",
        user: tokenPlayer.user,
        currency: "THB",
        balance: String(tokenPlayer.balance),
      };
    }
    const user = typeof body.user === "string" ? body.user : "";
    const player = byUser.get(user);
    if (!player) return { status: "INVALID_REQUEST" };
    if (path === "balance") return { status: "OK", balance: String(player.balance) };

    const txId = typeof body.transactionId === "string" ? body.transactionId : "";
    if (txId === "") return { status: "INVALID_REQUEST" };
    const key = `${user}:${txId}`;
    const amount = typeof body.amount === "string" && DECIMAL.test(body.amount) ? BigInt(body.amount) : null;
    const hash = hashOf([
      path,
      user,
      body.amount ?? null,
      body.betTransactionId ?? body.referenceTransactionId ?? null,
      body.roundId,
      body.gameCode,
    ]);
    const existing = transactions.get(key);
    if (existing) {
      if (existing.kind === "tombstone")
        return { status: "TRANSACTION_ROLLED_BACK", balance: String(player.balance) };
      return existing.payloadHash === hash ? existing.answer : { status: "DUPLICATE_TRANSACTION" };
    }

    if (path === "bet") {
      // Only bets look at the token (rule 4: wins and rollbacks never do).
      if (!tokenPlayer || tokenPlayer.user !== user) return { status: "INVALID_TOKEN" };
      if (player.expired) return { status: "TOKEN_EXPIRED" };
      if (player.disabled) return { status: "USER_DISABLED", balance: String(player.balance) };
      if (amount === null || amount <= 0n) return { status: "INVALID_REQUEST" };
      if (amount > player.balance) return { status: "NOT_ENOUGH_MONEY", balance: String(player.balance) };
      player.balance -= amount;
      const answer = { status: "OK", balance: String(player.balance), transactionId: txId };
      transactions.set(key, { kind: "bet", payloadHash: hash, answer, amount, rolledBack: false });
      return answer;
    }
    if (path === "win") {
      if (amount === null || amount < 0n || body.roundClosed !== true) return { status: "INVALID_REQUEST" };
      const bet = transactions.get(`${user}:${String(body.betTransactionId)}`);
      if (bet?.kind !== "bet") return { status: "TRANSACTION_NOT_FOUND", balance: String(player.balance) };
      if (bet.rolledBack) return { status: "TRANSACTION_ROLLED_BACK", balance: String(player.balance) };
      player.balance += amount;
      const answer = { status: "OK", balance: String(player.balance), transactionId: txId };
      transactions.set(key, { kind: "win", payloadHash: hash, answer, amount, rolledBack: false });
      return answer;
    }
    // rollback
    const refKey = `${user}:${String(body.referenceTransactionId)}`;
    const reference = transactions.get(refKey);
    if (!reference) {
      // The bet never arrived (or not yet): a tombstone refuses it if it comes late.
      transactions.set(refKey, {
        kind: "tombstone",
        payloadHash: "",
        answer: {},
        amount: 0n,
        rolledBack: true,
      });
    } else if (reference.kind === "bet" && !reference.rolledBack) {
      reference.rolledBack = true;
      player.balance += reference.amount;
    }
    const answer = { status: "OK", balance: String(player.balance), transactionId: txId };
    transactions.set(key, { kind: "rollback", payloadHash: hash, answer, amount: 0n, rolledBack: false });
    return answer;
  }
}

/** A fake wallet object to register on another app with registerFakeOperatorWallet. */
export function fakeOperatorWalletState(secret: string): FakeOperatorWallet {
  return {
    url: "",
    secret,
    calls: [],
    fault: null,
    addPlayer: () => {
      throw new Error("not registered");
    },
    player: () => {
      throw new Error("not registered");
    },
    moneyCalls: () => [],
    close: async () => {},
  };
}

/** A fake wallet on its own Fastify app, listening on an ephemeral port of 127.0.0.1. */
export async function startFakeOperatorWallet(secret: string): Promise<FakeOperatorWallet> {
  const app = Fastify({ logger: false });
  const wallet = fakeOperatorWalletState(secret);
  registerFakeOperatorWallet(app, wallet);
  wallet.url = await app.listen({ host: "127.0.0.1", port: 0 });
  wallet.close = () => app.close();
  return wallet;
}
