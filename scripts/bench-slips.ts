/**
 * Slips placed per second, printed by `npm run bench` after the ledger figures (or alone:
 * `node scripts/bench-slips.ts`). On PGlite (a new database on disk, as `npm start` uses) and on PostgreSQL
 * (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test when reachable; a throwaway schema, dropped
 * after), each with the pool the server uses: the round job creates the rounds, and 50 funded members place
 * slips of 10 three-top lines at once on the open yeekee round that closes next (at least 10 minutes away),
 * each member one slip after another, through placePoy as poys.create runs it without HTTP: the placement in one
 * transaction, the answer built from the rows it wrote, and `money-update` computed by the listener the app wires
 * (server/kernel/live.ts, emitting to a socket.io stand-in that counts). Numbers are spread so that no number's
 * exposure nears the automatic rate tiers; any refusal is counted by its code. Then `checkLedger` on what the run
 * wrote.
 *
 * Beside it, the same machine's PostgreSQL under pgbench (scale 1, in a throwaway database, dropped after):
 * the built-in simple-update transaction and a one-row update, 10 clients for 10 s each. Skipped, saying so,
 * when pgbench is not installed (Debian: postgresql-client-<major>, e.g. postgresql-client-15).
 */
import type { Kysely } from "kysely";
import type { Server as SocketServer } from "socket.io";
import { type Database, migrate } from "../server/db/database.ts";
import type { DB } from "../server/db/schema.ts";
import { seed } from "../server/db/seed.ts";
import { AppError } from "../server/http/errors.ts";
import { wireMoneyUpdates } from "../server/kernel/live.ts";
import { checkLedger } from "../server/ledger/check.ts";
import { memberAccount, systemAccount, transfer } from "../server/ledger/ledger.ts";
import { placePoy } from "../server/modules/lotto/poys.ts";
import { ensureRounds } from "../server/modules/lotto/roundJob.ts";
import { key, newMember, onBothEngines, pgbench, rate } from "./bench-common.ts";

const MEMBERS = 50;
const SLIPS_EACH = 10;
const LINES = 10;
const PRICE = "1.00"; // baht per line
const FUNDS = 1_000_00n; // satang each member starts with: far more than the slips cost
const OPTION = "tengBon3";

/** Slip `slip` (0-based; SLIPS_EACH is the warm-up) of member `m`: LINES distinct three-digit numbers. */
function numbersOf(m: number, slip: number): string[] {
  return Array.from({ length: LINES }, (_, k) =>
    String((m * LINES + k + slip * 500) % 1000).padStart(3, "0"),
  );
}

/** The open yeekee round that closes next, at least 10 minutes from now (the round job creates it). */
async function openYeekeeRound(db: Kysely<DB>) {
  await ensureRounds(db);
  return db
    .selectFrom("lotto_rounds")
    .selectAll()
    .where("family", "=", "yeekee")
    .where("status", "=", "open")
    .where("close_at", ">", new Date(Date.now() + 10 * 60_000))
    .orderBy("close_at")
    .limit(1)
    .executeTakeFirstOrThrow();
}

async function benchmark(label: string, database: Database): Promise<void> {
  await migrate(database);
  await seed(database.db);
  const db = database.db;
  const round = await openYeekeeRound(db);
  const multiply = round.rates[OPTION];
  if (multiply === undefined) throw new Error(`round ${round.bet_type} has no ${OPTION} rate`);
  const clearing = await systemAccount(db, "clearing:deposit:bench", "clearing");
  const members: bigint[] = [];
  const uuids: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const member = await newMember(db);
    await transfer(db, {
      debitAccountId: clearing,
      creditAccountId: await memberAccount(db, member, "member_cash"),
      amount: FUNDS,
      type: "DEPOSIT",
      reference: "bench:fund",
      idempotencyKey: key(),
    });
    members.push(member);
    const { uuid } = await db
      .selectFrom("members")
      .select("uuid")
      .where("id", "=", member)
      .executeTakeFirstOrThrow();
    uuids.push(uuid);
  }
  // The app's money-update listener, emitting to a stand-in for socket.io that only counts.
  let emitted = 0;
  const io = { to: () => ({ emit: () => ++emitted > 0 }) } as unknown as SocketServer;
  const stopUpdates = wireMoneyUpdates(db, io);

  const refused = new Map<string, number>();
  const failures: string[] = [];
  let completed = 0;
  const place = async (m: number, slip: number) => {
    try {
      await placePoy(db, {
        memberId: members[m] as bigint,
        memberUuid: uuids[m],
        betId: round.id,
        lines: numbersOf(m, slip).map((number) => ({ option: OPTION, number, price: PRICE, multiply })),
        idempotencyKey: key(),
        via: { kind: "poys" },
      });
      return true;
    } catch (err) {
      if (err instanceof AppError) refused.set(err.code, (refused.get(err.code) ?? 0) + 1);
      else failures.push(err instanceof Error ? err.message : String(err));
      return false;
    }
  };
  // Warm-up: one slip per member, one after the other (not counted).
  for (let m = 0; m < MEMBERS; m++) await place(m, SLIPS_EACH);
  const warmRefused = [...refused.values()].reduce((a, b) => a + b, 0) + failures.length;
  refused.clear();

  const started = performance.now();
  await Promise.all(
    Array.from({ length: MEMBERS }, async (_, m) => {
      for (let slip = 0; slip < SLIPS_EACH; slip++) if (await place(m, slip)) completed++;
    }),
  );
  const ms = performance.now() - started;
  stopUpdates();
  const total = MEMBERS * SLIPS_EACH;
  const refusals = [...refused.entries()].sort(([a], [b]) => a.localeCompare(b));
  const refusedCount = refusals.reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `slips placed (${label}, ${MEMBERS} members at once, ${SLIPS_EACH} slips each of ${LINES} lines, on ${round.bet_type}): ` +
      `${completed} completed, ${refusedCount} refused` +
      (refusals.length > 0 ? ` (${refusals.map(([code, n]) => `${code} ${n}`).join(", ")})` : "") +
      `, ${failures.length} other errors, ${(ms / 1000).toFixed(2)} s (${rate(completed, ms)} slips, ` +
      `${rate(completed * LINES, ms)} lines)` +
      (warmRefused > 0 ? `; ${warmRefused} of the ${MEMBERS} warm-up slips failed` : "") +
      `; ${emitted} money-updates emitted`,
  );
  for (const failure of new Set(failures)) console.log(`  error: ${failure}`);

  const problems = await checkLedger(db);
  const { slips, lines } = await db
    .selectFrom("poys")
    .leftJoin("poy_lines", "poy_lines.poy_id", "poys.id")
    .select((eb) => [
      eb.fn.count<string>("poys.id").distinct().as("slips"),
      eb.fn.count<string>("poy_lines.id").as("lines"),
    ])
    .executeTakeFirstOrThrow();
  console.log(
    problems.length === 0
      ? `ledger check after slips (${label}): sound (${slips} slips, ${lines} lines stored; debits equal credits, balances match, none negative)`
      : `ledger check after slips (${label}): ${problems.length} violation(s)\n${problems.map((p) => `  - ${p}`).join("\n")}`,
  );
  if (problems.length > 0 || failures.length > 0 || completed !== total) process.exitCode = 1;
}

const postgresUrl = await onBothEngines("slips", benchmark, ["slips placed", "pgbench"]);
if (postgresUrl) await pgbench(postgresUrl);
