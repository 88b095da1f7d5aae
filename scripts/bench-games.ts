/**
 * Seamless-wallet callbacks per second, printed by `npm run bench` after the slips (or alone:
 * `node scripts/bench-games.ts`). On PGlite (a new database on disk, as `npm start` uses) and on PostgreSQL
 * (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test when reachable; a throwaway schema, dropped after),
 * the real app (server/app.ts) listens on an ephemeral port with Hub88 configured with throwaway keys, and 100
 * members play at once, each round a `/transaction/bet` then a `/transaction/win` (`round_closed`, amount 0 on a
 * loss), exactly as Hub88 sends them: JSON signed with RSA-SHA256 over the body's bytes, over HTTP with keep-alive.
 * Every request is built and signed before the clock starts (so the client's RSA work is not counted), then each
 * member sends its rounds one call after the other; the latency of each call is taken from its send to its answer.
 * Then each member's balance is checked against what the answers moved, and `checkLedger` runs on the database.
 *
 * Beside it, the same machine's PostgreSQL under pgbench (scripts/bench-common.ts), as for the slips.
 */
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { type App, buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { type Database, migrate } from "../server/db/database.ts";
import { seed } from "../server/db/seed.ts";
import { checkLedger } from "../server/ledger/check.ts";
import { tokenHash } from "../server/modules/games/wallet.ts";
import { generateKeyPairPem } from "../server/standins/hub88/keys.ts";
import { loadPrivateKey, signBody } from "../server/standins/hub88/signature.ts";
import { fundedMember, type SettleMember, tokenOf } from "../server/test/settle.ts";
import { onBothEngines, pgbench } from "./bench-common.ts";

const MEMBERS = 100;
const ROUNDS_EACH = 10;
const FUNDS_BAHT = 10_000;
/** Hub88 units: 1 satang = 1,000. A 10-baht stake; a win of 19.50 baht or nothing, alternately. */
const STAKE_UNITS = 1_000_000;
const WIN_UNITS = 1_950_000;
const GAME = "sts_coinflip";

interface Prepared {
  path: "/transaction/bet" | "/transaction/win";
  body: string;
  signature: string;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function benchmark(label: string, database: Database): Promise<void> {
  await migrate(database);
  await seed(database.db);
  const hub88 = generateKeyPairPem();
  const operator = generateKeyPairPem();
  const config = loadConfig({
    LOG_LEVEL: "silent",
    STATIC_DIR: "./.no-static-in-bench",
    GAMES_DEMO_STANDIN: "off",
    // Hub88's Games API is never called here: only its wallet callbacks, which need its public key.
    HUB88_API_URL: "https://hub88.bench.invalid",
    HUB88_OPERATOR_ID: "1",
    HUB88_PUBLIC_KEY: hub88.publicKey,
    HUB88_PRIVATE_KEY: operator.privateKey,
  });
  let app: App | undefined;
  try {
    app = await buildApp({
      config,
      database,
      games: { jobs: false },
      pushSenderIntervalMs: 0,
      originals: { retryIntervalMs: 0 },
    });
    await app.app.listen({ host: "127.0.0.1", port: 0 });
    const base = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}/api/providers/hub88`;
    const { db } = database;
    const provider = await db
      .selectFrom("game_providers")
      .select("id")
      .where("code", "=", "hub88")
      .executeTakeFirstOrThrow();

    // Members with money, a login session, and a game session with Hub88 (what a launch creates).
    const members: (SettleMember & { token: string })[] = [];
    for (let m = 0; m < MEMBERS; m++) {
      const member = await fundedMember(db, FUNDS_BAHT);
      // A login session (what the launch binds the game session to), then the game session a launch makes.
      await tokenOf(db, config.sessionSecret, member);
      const token = `bench-${randomUUID()}`;
      const login = await db
        .selectFrom("sessions")
        .select("id")
        .where("member_id", "=", member.id)
        .orderBy("created_at", "desc")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("game_sessions")
        .values({
          token_hash: tokenHash(token),
          member_id: member.id,
          session_id: login.id,
          provider_id: provider.id,
          game_code: GAME,
          currency: "THB",
          platform: "desktop",
          expires_at: new Date(Date.now() + 4 * 3_600_000),
        })
        .execute();
      members.push({ ...member, token });
    }

    // Every request built and signed before the clock starts: the measure is the server's, not the client's RSA.
    const key = loadPrivateKey(hub88.privateKey);
    const sign = (path: Prepared["path"], body: Record<string, unknown>): Prepared => {
      const raw = JSON.stringify(body);
      return { path, body: raw, signature: signBody(raw, key) };
    };
    const plans = members.map((member, m) =>
      Array.from({ length: ROUNDS_EACH + 1 }, (_, r) => {
        const round = `bench-${m}-${r}-${randomUUID()}`;
        const bet = randomUUID();
        const common = {
          user: member.uuid,
          token: member.token,
          round,
          game_code: GAME,
          currency: "THB",
          is_free: false,
          meta: {},
        };
        const win = (m + r) % 2 === 0 ? WIN_UNITS : 0;
        return {
          win,
          calls: [
            sign("/transaction/bet", {
              ...common,
              transaction_uuid: bet,
              request_uuid: randomUUID(),
              round_closed: false,
              amount: STAKE_UNITS,
            }),
            sign("/transaction/win", {
              ...common,
              transaction_uuid: randomUUID(),
              reference_transaction_uuid: bet,
              request_uuid: randomUUID(),
              round_closed: true,
              amount: win,
            }),
          ],
        };
      }),
    );

    const statuses = new Map<string, number>();
    const failures: string[] = [];
    const send = async (call: Prepared): Promise<number> => {
      const started = performance.now();
      try {
        const res = await fetch(`${base}${call.path}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-hub88-signature": call.signature },
          body: call.body,
        });
        const answer = (await res.json()) as { status?: string };
        const status = res.status === 200 ? (answer.status ?? "no status") : `HTTP ${res.status}`;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      } catch (err) {
        failures.push(err instanceof Error ? err.message : String(err));
      }
      return performance.now() - started;
    };
    // Warm-up: each member's first round (connections, caches, the house account's first use), not counted.
    await Promise.all(
      plans.map(async (rounds) => {
        for (const call of rounds[0]?.calls ?? []) await send(call);
      }),
    );
    statuses.clear();

    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      plans.map(async (rounds) => {
        for (const round of rounds.slice(1)) for (const call of round.calls) latencies.push(await send(call));
      }),
    );
    const ms = performance.now() - started;
    latencies.sort((a, b) => a - b);
    const calls = latencies.length;
    const ok = statuses.get("RS_OK") ?? 0;
    const others = [...statuses.entries()].filter(([status]) => status !== "RS_OK");
    console.log(
      `games wallet callbacks (${label}, Hub88 dialect over HTTP, ${MEMBERS} rounds at once, bet then win, signed): ` +
        `${calls} callbacks (${MEMBERS * ROUNDS_EACH} rounds) in ${(ms / 1000).toFixed(2)} s = ` +
        `${Math.round(calls / (ms / 1000))} callbacks/s (${Math.round(calls / 2 / (ms / 1000))} rounds/s); ` +
        `latency p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, ` +
        `max ${percentile(latencies, 100).toFixed(0)} ms; ${ok} RS_OK` +
        (others.length > 0 ? `, ${others.map(([s, n]) => `${s} ${n}`).join(", ")}` : "") +
        (failures.length > 0 ? `, ${failures.length} failed` : ""),
    );
    for (const failure of new Set(failures)) console.log(`  error: ${failure}`);

    // What the answers moved is what the ledger holds, member by member; then the ledger's own invariants.
    let wrong = 0;
    for (const [m, member] of members.entries()) {
      const won = (plans[m] ?? []).reduce((sum, round) => sum + round.win, 0);
      const expected = BigInt(FUNDS_BAHT * 100) - BigInt(((ROUNDS_EACH + 1) * STAKE_UNITS - won) / 1_000);
      const row = await db
        .selectFrom("ledger_accounts")
        .select(["balance", "held"])
        .where("id", "=", member.cash)
        .executeTakeFirstOrThrow();
      if (row.balance - row.held !== expected) wrong++;
    }
    const problems = await checkLedger(db);
    console.log(
      problems.length === 0 && wrong === 0
        ? `ledger check after games callbacks (${label}): sound; every member's balance is what the answers moved`
        : `ledger check after games callbacks (${label}): ${wrong} member(s) off, ${problems.length} violation(s)\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
    if (problems.length > 0 || wrong > 0 || failures.length > 0 || ok !== calls) process.exitCode = 1;
  } finally {
    // The app's close stops its jobs; the database is closed by onBothEngines.
    await app?.app.close();
  }
}

const postgresUrl = await onBothEngines("games", benchmark, ["games wallet callbacks", "pgbench"]);
if (postgresUrl) await pgbench(postgresUrl);
