import { createHash } from "node:crypto";
import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import { canLogIn, isAreaBlocked } from "../../../src/domain/access.ts";
import type { TransactionType } from "../../../src/domain/transactionTypes.ts";
import type { DB, GameTransactionKind, GameTransactionsTable } from "../../db/schema.ts";
import { inTransaction } from "../../kernel/db.ts";
import { memberAccount, notifyMemberCash, systemAccount, transfer } from "../../ledger/ledger.ts";
import { SESSION_IDLE_SECONDS, touchSession } from "../accounts/sessions.ts";

/**
 * The seamless wallet's core, dialect-free (docs/games.md "Rules of the wallet"). A provider's game server calls
 * us for every money event; each call here is one database transaction that either moves money by exactly one
 * ledger transfer between the member's cash and the provider's house account (`house:games:<code>`), or moves
 * nothing and says why, always with the member's balance. The dialects (dialects/*.ts) turn requests into
 * these calls and outcomes into their answers.
 *
 * Concurrency: every money call locks the member's cash account and the provider's house account, in id order
 * exactly as the ledger's own transfers lock them, before it reads anything. So two deliveries of one
 * transaction, a rollback racing its bet, or two tables betting on one wallet run one after the other, and
 * every decision (is this id known, does the balance cover the stake) is made on what the previous one
 * committed. The ledger's constraint (no negative member balance) stays the backstop underneath.
 */

export const GAME_CURRENCY = "THB";
/** A game session accepts bets until this long after its last callback (docs/games.md "Data"). */
export const GAME_SESSION_IDLE_MS = 4 * 3_600_000;

/** Why a call moved nothing. Dialects map these to their own statuses. */
export type WalletRefusal =
  | "INVALID_TOKEN"
  | "TOKEN_EXPIRED"
  | "USER_DISABLED"
  | "NOT_ENOUGH_MONEY"
  | "DUPLICATE_TRANSACTION"
  | "TRANSACTION_NOT_FOUND"
  /** The transaction a win pays was rolled back (or a rollback of it came first and left a tombstone). */
  | "REFERENCE_ROLLED_BACK"
  /** This very id was rolled back before it arrived: the late transaction is refused. */
  | "TOMBSTONED"
  | "WRONG_CURRENCY"
  | "INVALID_REQUEST";
export type WalletCode = "OK" | WalletRefusal;

export interface WalletOutcome {
  code: WalletCode;
  /** The member's available cash in satang (after this call; a replay: as first answered); null: no such member. */
  balance: bigint | null;
  member: { id: bigint; uuid: string } | null;
  /** Our id of the transaction (game_transactions.id), the same on every replay; null when nothing was stored. */
  transactionId: bigint | null;
  /** The same delivery again: the stored answer, nothing done. */
  replay: boolean;
}

/** The provider a callback is for (a game_providers row). */
export interface WalletProvider {
  id: number;
  code: string;
}

export const houseAccountCode = (providerCode: string) => `house:games:${providerCode}`;

export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A member uuid (the `user` every dialect names the player by); anything else is no member of ours. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Executor = Kysely<DB> | Transaction<DB>;
type TxRow = Selectable<GameTransactionsTable>;

interface MemberRow {
  id: bigint;
  uuid: string;
  status: number;
}

async function memberByUuid(db: Executor, uuid: string | undefined): Promise<MemberRow | undefined> {
  if (uuid === undefined || !UUID.test(uuid)) return undefined;
  return db
    .selectFrom("members")
    .select(["id", "uuid", "status"])
    .where("uuid", "=", uuid.toLowerCase())
    .executeTakeFirst();
}

/** Whether the member may start a game session or bet: not suspended (1), not restricted from games (3). */
export function mayPlay(status: number): boolean {
  return canLogIn(status) && !isAreaBlocked(status, "games");
}

async function availableOf(db: Executor, memberId: bigint): Promise<bigint> {
  const row = await db
    .selectFrom("ledger_accounts")
    .select(["balance", "held"])
    .where("code", "=", `member:${memberId}:member_cash`)
    .executeTakeFirst();
  return row ? row.balance - row.held : 0n;
}

interface SessionRow {
  id: bigint;
  member_id: bigint;
  provider_id: number;
  closed_at: Date | null;
  expires_at: Date;
  login_live: boolean;
}

/** The game session of a token, with whether its login session is still live (not revoked, expired or idle). */
async function sessionOf(db: Executor, token: string | undefined): Promise<SessionRow | undefined> {
  if (!token) return undefined;
  return db
    .selectFrom("game_sessions as g")
    .innerJoin("sessions as s", "s.id", "g.session_id")
    .select([
      "g.id",
      "g.member_id",
      "g.provider_id",
      "g.closed_at",
      "g.expires_at",
      sql<boolean>`(s.revoked_at is null and s.expires_at > now()
        and s.last_seen_at > now() - make_interval(secs => ${SESSION_IDLE_SECONDS}))`.as("login_live"),
    ])
    .where("g.token_hash", "=", tokenHash(token))
    .executeTakeFirst();
}

/** Open, within its 4 hours, and its login session live: what a bet (or a new session's user info) needs. */
function usableForBets(session: SessionRow): boolean {
  return session.closed_at === null && session.expires_at.getTime() > Date.now() && session.login_live;
}

/** Each callback with an open session's token keeps it 4 more hours from now (an expired one stays expired). */
async function slideSession(db: Executor, sessionId: bigint): Promise<void> {
  await db
    .updateTable("game_sessions")
    .set({ expires_at: sql`now() + make_interval(secs => ${GAME_SESSION_IDLE_MS / 1000})` })
    .where("id", "=", sessionId)
    .where("closed_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .execute();
}

const outcome = (
  code: WalletCode,
  balance: bigint | null,
  member: MemberRow | undefined,
  transactionId: bigint | null = null,
  replay = false,
): WalletOutcome => ({
  code,
  balance,
  member: member ? { id: member.id, uuid: member.uuid } : null,
  transactionId,
  replay,
});

/**
 * `authenticate` (lottoup) / `user/info` (hub88): who the token (or user) is, with the balance. A token must be
 * this provider's, open, within its time, its login session live, and its member allowed to play: this is where
 * a new game session starts, so it checks as a bet does.
 */
export async function walletInfo(
  db: Kysely<DB>,
  provider: WalletProvider,
  input: { token?: string | undefined; user?: string | undefined },
): Promise<WalletOutcome> {
  const session = await sessionOf(db, input.token);
  let member: MemberRow | undefined;
  if (input.token !== undefined) {
    if (!session || session.provider_id !== provider.id) return outcome("INVALID_TOKEN", null, undefined);
    member = await db
      .selectFrom("members")
      .select(["id", "uuid", "status"])
      .where("id", "=", session.member_id)
      .executeTakeFirstOrThrow();
    if (input.user !== undefined && input.user.toLowerCase() !== member.uuid)
      return outcome("INVALID_TOKEN", null, undefined);
  } else {
    member = await memberByUuid(db, input.user);
    if (!member) return outcome("INVALID_TOKEN", null, undefined);
  }
  const balance = await availableOf(db, member.id);
  if (!mayPlay(member.status)) return outcome("USER_DISABLED", balance, member);
  if (session) {
    if (!usableForBets(session)) return outcome("TOKEN_EXPIRED", balance, member);
    await slideSession(db, session.id);
  }
  return outcome("OK", balance, member);
}

/**
 * `balance`: the member's available cash. The token must be this provider's and the user's; its age and the
 * member's status do not matter (reading a balance moves nothing, and a game still shows it while its last
 * wins arrive).
 */
export async function walletBalance(
  db: Kysely<DB>,
  provider: WalletProvider,
  input: { token: string; user: string | undefined },
): Promise<WalletOutcome> {
  const session = await sessionOf(db, input.token);
  if (!session || session.provider_id !== provider.id) return outcome("INVALID_TOKEN", null, undefined);
  const member = await db
    .selectFrom("members")
    .select(["id", "uuid", "status"])
    .where("id", "=", session.member_id)
    .executeTakeFirstOrThrow();
  if (input.user !== undefined && input.user.toLowerCase() !== member.uuid)
    return outcome("INVALID_TOKEN", null, undefined);
  await slideSession(db, session.id);
  return outcome("OK", await availableOf(db, member.id), member);
}

/** What defines a money event (docs/games.md rule 1): the same event retried hashes the same. */
export interface MoneyEvent {
  /** The member's uuid, as the provider names them. */
  user: string;
  token?: string | undefined;
  /** The provider's id of this transaction (at most 100 characters: it is part of a ledger key). */
  transactionId: string;
  roundId?: string | undefined;
  gameCode?: string | undefined;
}

export interface StakeEvent extends MoneyEvent {
  /** Satang to move (a free bet moves none). */
  amount: bigint;
  /** The amount exactly as the provider wrote it, in its own units (what the payload hash covers). */
  providerAmount: string;
  currency: string;
  /** A free bet (paid by a reward: nothing is debited) or a win of one (booked as a bonus). */
  free?: boolean;
}

export interface WinEvent extends StakeEvent {
  /** The bet this win pays; absent only for a provider's own promotion (a bonus). */
  betTransactionId?: string | undefined;
}

export interface RollbackEvent extends MoneyEvent {
  /** The transaction to undo. */
  referenceTransactionId: string;
}

export function payloadHash(fields: {
  kind: GameTransactionKind;
  user: string;
  amount: string | null;
  currency: string | null;
  reference: string | null;
  round: string | null;
  game: string | null;
  free: boolean;
}): string {
  // A fixed order, so the hash never depends on how a body was written (key order, spacing, request ids).
  const canonical = JSON.stringify([
    fields.kind,
    fields.user.toLowerCase(),
    fields.amount,
    fields.currency,
    fields.reference,
    fields.round,
    fields.game,
    fields.free,
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

interface Locked {
  trx: Transaction<DB>;
  member: MemberRow;
  cash: bigint;
  house: bigint;
  /** Available cash now, read under the lock. */
  available: bigint;
}

/** What a money call decided, for its row and its answer. */
interface Decision {
  code: WalletCode;
  balance: bigint;
  id: bigint | null;
  replay: boolean;
  moved: boolean;
}

/**
 * The skeleton every money call shares: find the member, then in one transaction lock their cash and the
 * provider's house account (id order, as the ledger locks), read their balance, and let `decide` act on what is
 * committed; after the commit, tell the member's sockets if money moved.
 */
async function moneyCall(
  db: Kysely<DB>,
  provider: WalletProvider,
  user: string,
  decide: (locked: Locked) => Promise<Decision>,
): Promise<WalletOutcome> {
  const found = await memberByUuid(db, user);
  if (!found) return outcome("INVALID_TOKEN", null, undefined);
  const decision = await inTransaction(db, async (trx) => {
    const cash = await memberAccount(trx, found.id, "member_cash");
    const house = await systemAccount(trx, houseAccountCode(provider.code), "house");
    const accounts = await trx
      .selectFrom("ledger_accounts")
      .select(["id", "balance", "held"])
      .where("id", "in", [cash, house])
      .orderBy("id")
      .forUpdate()
      .execute();
    const own = accounts.find((a) => a.id === cash);
    if (!own) throw new Error("the member's cash account vanished under its lock");
    // The status as committed now (a suspension racing a bet is seen by the bet that comes after it).
    const member = await trx
      .selectFrom("members")
      .select(["id", "uuid", "status"])
      .where("id", "=", found.id)
      .executeTakeFirstOrThrow();
    return decide({ trx, member, cash, house, available: own.balance - own.held });
  });
  if (decision.moved) await notifyMemberCash(db, found.id);
  return outcome(decision.code, decision.balance, found, decision.id, decision.replay);
}

async function findTx(db: Executor, providerId: number, memberId: bigint, providerTxId: string) {
  return db
    .selectFrom("game_transactions")
    .selectAll()
    .where("provider_id", "=", providerId)
    .where("member_id", "=", memberId)
    .where("provider_tx_id", "=", providerTxId)
    .executeTakeFirst();
}

/**
 * The same id seen before: a tombstone refuses it, another payload is a duplicate (nothing stored, the balance
 * now), the same payload gets the stored answer. Undefined: a new transaction.
 */
function seenBefore(existing: TxRow | undefined, hash: string, available: bigint): Decision | undefined {
  if (!existing) return undefined;
  if (existing.state === "tombstone")
    return { code: "TOMBSTONED", balance: available, id: null, replay: false, moved: false };
  if (existing.payload_hash !== hash || existing.response === null)
    return { code: "DUPLICATE_TRANSACTION", balance: available, id: null, replay: false, moved: false };
  return {
    code: existing.response.code as WalletCode,
    balance: BigInt(existing.response.balance),
    id: existing.id,
    replay: true,
    moved: false,
  };
}

interface NewRow {
  kind: GameTransactionKind;
  state: "done" | "refused";
  event: MoneyEvent;
  hash: string;
  code: WalletCode;
  balance: bigint;
  amount?: bigint;
  providerAmount?: string | null;
  currency?: string | null;
  free?: boolean;
  reference?: string | null;
  sessionId?: bigint | null;
  transferId?: bigint | null;
  reverses?: boolean;
}

async function insertTx(trx: Transaction<DB>, provider: WalletProvider, memberId: bigint, row: NewRow) {
  const inserted = await trx
    .insertInto("game_transactions")
    .values({
      provider_id: provider.id,
      member_id: memberId,
      provider_tx_id: row.event.transactionId,
      kind: row.kind,
      state: row.state,
      reference_tx_id: row.reference ?? null,
      round_id: row.event.roundId ?? null,
      game_code: row.event.gameCode ?? null,
      game_session_id: row.sessionId ?? null,
      amount: row.amount ?? 0n,
      provider_amount: row.providerAmount ?? null,
      currency: row.currency ?? null,
      is_free: row.free ?? false,
      payload_hash: row.hash,
      response: JSON.stringify({ code: row.code, balance: String(row.balance) }),
      transfer_id: row.transferId ?? null,
      reverses: row.reverses ?? false,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** A refusal remembered with its answer: the same delivery again gets the same refusal (docs/hub88.md 5). */
async function refuse(
  locked: Locked,
  provider: WalletProvider,
  row: Omit<NewRow, "state" | "balance">,
): Promise<Decision> {
  const id = await insertTx(locked.trx, provider, locked.member.id, {
    ...row,
    state: "refused",
    balance: locked.available,
  });
  return { code: row.code, balance: locked.available, id, replay: false, moved: false };
}

const ledgerKey = (provider: WalletProvider, memberId: bigint, providerTxId: string) =>
  `game:${provider.code}:${memberId}:${providerTxId}`;

const ledgerReference = (provider: WalletProvider, event: MoneyEvent) =>
  `game:${provider.code}:${event.gameCode ?? "-"}:${event.roundId ?? "-"}`.slice(0, 300);

async function move(
  locked: Locked,
  provider: WalletProvider,
  event: MoneyEvent,
  move: { from: "member" | "house"; amount: bigint; type: TransactionType },
): Promise<bigint> {
  const member = locked.cash;
  // Inside the caller's transaction: the ledger uses only `trx` then, and the caller notifies after its commit.
  const record = await transfer(
    locked.trx,
    {
      debitAccountId: move.from === "member" ? member : locked.house,
      creditAccountId: move.from === "member" ? locked.house : member,
      amount: move.amount,
      type: move.type,
      reference: ledgerReference(provider, event),
      idempotencyKey: ledgerKey(provider, locked.member.id, event.transactionId),
    },
    locked.trx,
  );
  return record.id;
}

/**
 * A bet (debit). Refused, with the balance and nothing debited, for a token that is not this member's open
 * session with this provider, a member who may not play, another currency, or a balance that does not cover it;
 * refused as TOMBSTONED when a rollback of this id came first. A free bet debits nothing.
 */
export async function walletBet(
  db: Kysely<DB>,
  provider: WalletProvider,
  event: StakeEvent,
): Promise<WalletOutcome> {
  const free = event.free === true;
  const hash = payloadHash({
    kind: "bet",
    user: event.user,
    amount: event.providerAmount,
    currency: event.currency,
    reference: null,
    round: event.roundId ?? null,
    game: event.gameCode ?? null,
    free,
  });
  return moneyCall(db, provider, event.user, async (locked) => {
    const { trx, member } = locked;
    const again = seenBefore(
      await findTx(trx, provider.id, member.id, event.transactionId),
      hash,
      locked.available,
    );
    if (again) return again;
    const row = {
      kind: "bet" as const,
      event,
      hash,
      amount: event.amount,
      providerAmount: event.providerAmount,
      currency: event.currency,
      free,
    };
    const session = await sessionOf(trx, event.token);
    if (!session || session.provider_id !== provider.id || session.member_id !== member.id)
      return refuse(locked, provider, { ...row, code: "INVALID_TOKEN" });
    const withSession = { ...row, sessionId: session.id };
    if (!mayPlay(member.status)) return refuse(locked, provider, { ...withSession, code: "USER_DISABLED" });
    if (!usableForBets(session)) return refuse(locked, provider, { ...withSession, code: "TOKEN_EXPIRED" });
    if (event.currency !== GAME_CURRENCY)
      return refuse(locked, provider, { ...withSession, code: "WRONG_CURRENCY" });
    const debit = free ? 0n : event.amount;
    if (debit > locked.available)
      return refuse(locked, provider, { ...withSession, code: "NOT_ENOUGH_MONEY" });
    const transferId =
      debit > 0n
        ? await move(locked, provider, event, { from: "member", amount: debit, type: "BET_GAME" })
        : null;
    const balance = locked.available - debit;
    const id = await insertTx(trx, provider, member.id, {
      ...withSession,
      state: "done",
      code: "OK",
      balance,
      transferId,
    });
    await slideSession(trx, session.id);
    // A bet is the member playing: it counts as use of their login session (docs/games.md "Server").
    await touchSession(trx, "sessions", await loginSessionOf(trx, session.id));
    return { code: "OK", balance, id, replay: false, moved: transferId !== null };
  });
}

async function loginSessionOf(trx: Transaction<DB>, gameSessionId: bigint): Promise<string> {
  const row = await trx
    .selectFrom("game_sessions")
    .select("session_id")
    .where("id", "=", gameSessionId)
    .executeTakeFirstOrThrow();
  return row.session_id;
}

/** The token's session when it is this member's with this provider (recorded; never checked for wins). */
async function ownSession(trx: Transaction<DB>, provider: WalletProvider, memberId: bigint, token?: string) {
  const session = await sessionOf(trx, token);
  return session && session.provider_id === provider.id && session.member_id === memberId
    ? session
    : undefined;
}

/** Whether a done rollback already undid this transaction. */
async function undone(
  trx: Transaction<DB>,
  provider: WalletProvider,
  memberId: bigint,
  providerTxId: string,
) {
  const row = await trx
    .selectFrom("game_transactions")
    .select("id")
    .where("provider_id", "=", provider.id)
    .where("member_id", "=", memberId)
    .where("reference_tx_id", "=", providerTxId)
    .where("reverses", "=", true)
    .executeTakeFirst();
  return row !== undefined;
}

async function credit(
  db: Kysely<DB>,
  provider: WalletProvider,
  event: WinEvent,
  kind: "win" | "bonus",
): Promise<WalletOutcome> {
  const reference = event.betTransactionId ?? null;
  const hash = payloadHash({
    kind,
    user: event.user,
    amount: event.providerAmount,
    currency: event.currency,
    reference,
    round: event.roundId ?? null,
    game: event.gameCode ?? null,
    free: event.free === true,
  });
  return moneyCall(db, provider, event.user, async (locked) => {
    const { trx, member } = locked;
    const again = seenBefore(
      await findTx(trx, provider.id, member.id, event.transactionId),
      hash,
      locked.available,
    );
    if (again) return again;
    const session = await ownSession(trx, provider, member.id, event.token);
    const row = {
      kind,
      event,
      hash,
      amount: event.amount,
      providerAmount: event.providerAmount,
      currency: event.currency,
      free: event.free === true,
      reference,
      sessionId: session?.id ?? null,
    };
    if (event.currency !== GAME_CURRENCY) return refuse(locked, provider, { ...row, code: "WRONG_CURRENCY" });
    if (reference === null) {
      // A provider's own promotion pays without a bet: only a member who has played with this provider.
      const played = await trx
        .selectFrom("game_sessions")
        .select("id")
        .where("member_id", "=", member.id)
        .where("provider_id", "=", provider.id)
        .executeTakeFirst();
      if (kind !== "bonus" || !played)
        return refuse(locked, provider, { ...row, code: "TRANSACTION_NOT_FOUND" });
    } else {
      const bet = await findTx(trx, provider.id, member.id, reference);
      if (
        bet?.state === "tombstone" ||
        (bet?.state === "done" && (await undone(trx, provider, member.id, reference)))
      )
        return refuse(locked, provider, { ...row, code: "REFERENCE_ROLLED_BACK" });
      if (bet?.state !== "done" || bet.kind !== "bet")
        return refuse(locked, provider, { ...row, code: "TRANSACTION_NOT_FOUND" });
    }
    const transferId =
      event.amount > 0n
        ? await move(locked, provider, event, {
            from: "house",
            amount: event.amount,
            type: kind === "bonus" ? "BONUS_GAME" : "WIN_GAME",
          })
        : null;
    const balance = locked.available + event.amount;
    const id = await insertTx(trx, provider, member.id, {
      ...row,
      state: "done",
      code: "OK",
      balance,
      transferId,
    });
    if (session) await slideSession(trx, session.id);
    return { code: "OK", balance, id, replay: false, moved: transferId !== null };
  });
}

/**
 * A win (credit) for a bet of this member's with this provider. Accepted whatever the member's status and
 * whatever became of the game or login session (docs/games.md rule 4); refused when the bet is unknown, was
 * refused, or was rolled back. A win of 0 closes the round and moves nothing.
 */
export function walletWin(db: Kysely<DB>, provider: WalletProvider, event: WinEvent): Promise<WalletOutcome> {
  return credit(db, provider, event, "win");
}

/** A bonus / free-bet win: as a win, booked BONUS_GAME; may come without a bet for the provider's promotions. */
export function walletBonus(
  db: Kysely<DB>,
  provider: WalletProvider,
  event: WinEvent,
): Promise<WalletOutcome> {
  return credit(db, provider, event, "bonus");
}

/**
 * A rollback: undoes the referenced transaction once (docs/games.md rule 3). Never refused for money.
 * - unknown reference: acknowledged, and a tombstone refuses that id when it arrives later;
 * - a bet: its stake back (REFUND_GAME); wins already paid on it stay (the provider rolls them back itself);
 * - a win or bonus: what the balance covers (ABORT_GAME), the rest recorded as a shortfall for staff;
 * - a refused transaction, a tombstone, a rollback, or one already undone: acknowledged, nothing moves.
 */
export async function walletRollback(
  db: Kysely<DB>,
  provider: WalletProvider,
  event: RollbackEvent,
): Promise<WalletOutcome> {
  const hash = payloadHash({
    kind: "rollback",
    user: event.user,
    amount: null,
    currency: null,
    reference: event.referenceTransactionId,
    round: event.roundId ?? null,
    game: event.gameCode ?? null,
    free: false,
  });
  return moneyCall(db, provider, event.user, async (locked) => {
    const { trx, member } = locked;
    const again = seenBefore(
      await findTx(trx, provider.id, member.id, event.transactionId),
      hash,
      locked.available,
    );
    if (again) return again;
    const session = await ownSession(trx, provider, member.id, event.token);
    const reference = event.referenceTransactionId;
    const base = { kind: "rollback" as const, event, hash, reference, sessionId: session?.id ?? null };
    const acknowledge = async (reverses: boolean, extra: Partial<NewRow> = {}): Promise<Decision> => {
      const id = await insertTx(trx, provider, member.id, {
        ...base,
        ...extra,
        state: "done",
        code: "OK",
        balance: locked.available,
        reverses,
      });
      return { code: "OK", balance: locked.available, id, replay: false, moved: false };
    };
    const target = await findTx(trx, provider.id, member.id, reference);
    if (!target) {
      // The rollback overtook its transaction: remember the id as spent, so the late one is refused.
      await trx
        .insertInto("game_transactions")
        .values({
          provider_id: provider.id,
          member_id: member.id,
          provider_tx_id: reference,
          state: "tombstone",
        })
        .execute();
      return acknowledge(true);
    }
    // A second rollback of one transaction answers as the first and moves nothing; so does a rollback of a
    // rollback (there is no undoing an undo: the provider's own books say what it meant).
    if (target.state === "tombstone" || target.kind === "rollback") return acknowledge(false);
    if (await undone(trx, provider, member.id, reference)) return acknowledge(false);
    // A refused transaction moved nothing: nothing to put back, but this rollback is the one that closes it.
    if (target.state === "refused") return acknowledge(true);
    const moved = target.transfer_id === null ? 0n : target.amount;
    if (moved === 0n) return acknowledge(true, { currency: target.currency });
    if (target.kind === "bet") {
      const transferId = await move(locked, provider, event, {
        from: "house",
        amount: moved,
        type: "REFUND_GAME",
      });
      const balance = locked.available + moved;
      const id = await insertTx(trx, provider, member.id, {
        ...base,
        state: "done",
        code: "OK",
        balance,
        amount: moved,
        currency: target.currency,
        transferId,
        reverses: true,
      });
      return { code: "OK", balance, id, replay: false, moved: true };
    }
    // A win or bonus taken back: what the balance covers, never more (the ledger never goes negative); the rest
    // is owed, recorded for staff as a reversed lotto win's shortfall is.
    const taken = locked.available < moved ? (locked.available > 0n ? locked.available : 0n) : moved;
    const transferId =
      taken > 0n
        ? await move(locked, provider, event, { from: "member", amount: taken, type: "ABORT_GAME" })
        : null;
    const balance = locked.available - taken;
    const id = await insertTx(trx, provider, member.id, {
      ...base,
      state: "done",
      code: "OK",
      balance,
      amount: moved,
      currency: target.currency,
      transferId,
      reverses: true,
    });
    if (taken < moved) {
      await trx
        .insertInto("game_shortfalls")
        .values({
          game_transaction_id: id,
          provider_id: provider.id,
          member_id: member.id,
          amount: moved,
          taken,
          owed: moved - taken,
          transfer_id: transferId,
        })
        .execute();
    }
    return { code: "OK", balance, id, replay: false, moved: transferId !== null };
  });
}
