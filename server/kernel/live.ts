import type { Kysely } from "kysely";
import type { Server as SocketServer } from "socket.io";
import { MONEY_UPDATE_EVENT, type MoneyUpdate } from "../../src/domain/contracts/money.ts";
import { satangToBaht } from "../../src/domain/money.ts";
import type { DB } from "../db/schema.ts";
import { onCashChange } from "../ledger/ledger.ts";
import { disconnectSession, SESSION_SWEEP_MS, sessionSweepJob } from "../realtime.ts";
import type { JobSpec } from "./jobs.ts";
import { liveSession, onSessionsEnded } from "./sessions.ts";

/**
 * What the server tells connected sockets (docs/architecture.md "A slip's trip (server side)"), wired once by the
 * app:
 * - `money-update { balance }` to the member's room after every committed change to their cash. The ledger's
 *   listeners receive each change with the member's uuid and cash account already known (the caller knew them,
 *   or the ledger found both in one query), so this reads one balance and emits: no member lookup, no write;
 * - the sockets of ended sessions (logout, a lock, a suspension, a PIN reset) close at once, in every process;
 * - the sweep job closes this process's sockets whose session ended anywhere (the backstop when Redis was away).
 */

/** Subscribes the money-update emitter; returns the unsubscribe. A failure never touches the money. */
export function wireMoneyUpdates(db: Kysely<DB>, io: SocketServer): () => void {
  return onCashChange(db, async (_memberIds, changes) => {
    for (const change of changes) {
      const account = await db
        .selectFrom("ledger_accounts")
        .select(["balance", "held"])
        .where("id", "=", change.accountId)
        .executeTakeFirst();
      if (!account) continue;
      const update: MoneyUpdate = { balance: satangToBaht(account.balance - account.held) };
      io.to(change.uuid).emit(MONEY_UPDATE_EVENT, update);
    }
  });
}

/** Logout, a lock, a suspension, a PIN reset: the ended sessions' sockets close at once, in every process. */
export function wireSessionEnds(db: Kysely<DB>, io: SocketServer): () => void {
  return onSessionsEnded(db, async (sessionIds) => {
    for (const sessionId of sessionIds) await disconnectSession(io, sessionId);
  });
}

/** The socket session sweep against the session rows (every 30 s by default, every process). */
export function socketSessionSweep(db: Kysely<DB>, io: SocketServer, intervalMs = SESSION_SWEEP_MS): JobSpec {
  return sessionSweepJob(
    io,
    async (ids) => {
      const rows = await db
        .selectFrom("sessions")
        .select("id")
        .where("id", "in", ids)
        .where(liveSession)
        .execute();
      return new Set(rows.map((r) => r.id));
    },
    intervalMs,
  );
}
