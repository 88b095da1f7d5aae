import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import { isTransactionType, type TransactionType } from "../../src/domain/transactionTypes.ts";
import type { DB, LedgerAccountKind, LedgerTransferKind } from "../db/schema.ts";
import { type Executor, inTransaction } from "../kernel/db.ts";

/**
 * The double-entry ledger (README "Money", docs/decisions.md "Ledger (issue 4, first part)"): every baht the site
 * holds, in integer satang, as immutable transfers between accounts.
 *
 * What it owns: ledger_accounts (member cash, affiliate cash and loyalty points; house and clearing accounts) and
 * ledger_transfers. Invariants, and where they are kept:
 * - every transfer debits one account and credits another by the same positive amount (`validate`, and the
 *   table's CHECK), so all balances sum to zero; `check.ts` recomputes every balance from the transfers;
 * - a member account never goes below zero available: `CHECK (allow_negative or balance - held >= 0)`, answered
 *   as INSUFFICIENT_FUNDS;
 * - a transfer happens once per idempotency key: the same key and fields answer the first transfer, other fields
 *   IDEMPOTENCY_CONFLICT (`record`, the unique key); transfers are never updated or deleted (a trigger);
 * - accounts are locked in id order (`lockAccounts`, `postTransfers`), so transfers never deadlock each other;
 * - a hold is posted or voided once (`resolvePending`, a unique index on the pending link);
 * - the cash listeners (`money-update`) hear of a change only after it commits.
 */

export class LedgerError extends Error {
  readonly code:
    | "INSUFFICIENT_FUNDS"
    | "IDEMPOTENCY_CONFLICT"
    | "INVALID_TRANSFER"
    | "PENDING_RESOLVED"
    | "NOT_FOUND";
  constructor(code: LedgerError["code"], message: string) {
    super(message);
    this.name = "LedgerError";
    this.code = code;
  }
}

export interface TransferInput {
  debitAccountId: bigint;
  creditAccountId: bigint;
  /** Integer satang, > 0. */
  amount: bigint;
  type: TransactionType;
  /** What the transfer is for: "deposit:123", "poy:456". */
  reference: string;
  /** Unique per intended effect: retries with the same key return the first result. */
  idempotencyKey: string;
}

export interface TransferRecord {
  id: bigint;
  kind: LedgerTransferKind;
  debitAccountId: bigint;
  creditAccountId: bigint;
  amount: bigint;
  type: string;
  reference: string;
  idempotencyKey: string;
  pendingId: bigint | null;
  createdAt: Date;
}

const MEMBER_KINDS = ["member_cash", "member_af_cash", "member_loyalty"] as const;

/**
 * A member's cash account whose balance a commit changed, and whose it is (docs/architecture.md "A slip's trip
 * (server side)").
 */
export interface CashChange {
  memberId: bigint;
  /** The member's uuid: the socket.io room `money-update` goes to. */
  uuid: string;
  /** The member_cash account. */
  accountId: bigint;
}

/**
 * Called after a commit that changed members' cash: their ids, and each change with the account and the uuid, so
 * the listener reads the balance and emits without looking the member up again.
 */
export type CashListener = (memberIds: bigint[], changes: CashChange[]) => void | Promise<void>;
const cashListeners = new WeakMap<Kysely<DB>, Set<CashListener>>();

/** Subscribes to committed cash changes made through this database handle; returns the unsubscribe. */
export function onCashChange(db: Kysely<DB>, listener: CashListener): () => void {
  const set = cashListeners.get(db) ?? new Set();
  set.add(listener);
  cashListeners.set(db, set);
  return () => set.delete(listener);
}

/** Tells the listeners of changes the caller already knows the owners of (no query); after the commit. */
export async function notifyCashChanges(db: Kysely<DB>, changes: readonly CashChange[]): Promise<void> {
  if (changes.length === 0) return;
  const list = [...changes];
  const memberIds = list.map((c) => c.memberId);
  for (const listener of cashListeners.get(db) ?? []) {
    try {
      await listener(memberIds, list);
    } catch {
      // A notification that fails never undoes or blocks money that has moved.
    }
  }
}

/** The cash changes behind these accounts: the member_cash ones among them, with their members (one query). */
export async function cashChangesOf(db: Executor, accountIds: readonly bigint[]): Promise<CashChange[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .selectFrom("ledger_accounts")
    .innerJoin("members", "members.id", "ledger_accounts.member_id")
    .select(["ledger_accounts.id as accountId", "members.id as memberId", "members.uuid"])
    .where("ledger_accounts.id", "in", [...accountIds])
    .where("ledger_accounts.kind", "=", "member_cash")
    .execute();
  return rows;
}

/**
 * A member's cash account, read only: null when it does not exist yet (nothing ever moved: the balance is 0).
 * Reads never create accounts; the first transfer does (memberAccount).
 */
export async function findMemberAccount(
  db: Executor,
  memberId: bigint,
  kind: MemberAccountKind,
): Promise<bigint | null> {
  const row = await db
    .selectFrom("ledger_accounts")
    .select("id")
    .where("code", "=", `member:${memberId}:${kind}`)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A member account's available balance (balance minus holds); 0 for an account not created yet. */
export async function memberAvailable(
  db: Executor,
  memberId: bigint,
  kind: MemberAccountKind,
): Promise<bigint> {
  const row = await db
    .selectFrom("ledger_accounts")
    .select(["balance", "held"])
    .where("code", "=", `member:${memberId}:${kind}`)
    .executeTakeFirst();
  return row ? row.balance - row.held : 0n;
}

/** Tells the member's sockets that their cash moved (one query for the account and uuid); after the commit. */
export async function notifyMemberCash(db: Kysely<DB>, memberId: bigint): Promise<void> {
  const row = await db
    .selectFrom("ledger_accounts")
    .innerJoin("members", "members.id", "ledger_accounts.member_id")
    .select(["ledger_accounts.id as accountId", "members.uuid"])
    .where("ledger_accounts.code", "=", `member:${memberId}:member_cash`)
    .executeTakeFirst();
  if (row) await notifyCashChanges(db, [{ memberId, uuid: row.uuid, accountId: row.accountId }]);
}
export type MemberAccountKind = (typeof MEMBER_KINDS)[number];

/** The member's account of a kind, created on first use. */
export async function memberAccount(
  db: Executor,
  memberId: bigint,
  kind: MemberAccountKind,
): Promise<bigint> {
  await db
    .insertInto("ledger_accounts")
    .values({ code: `member:${memberId}:${kind}`, kind, member_id: memberId, allow_negative: false })
    .onConflict((oc) => oc.column("code").doNothing())
    .execute();
  const row = await db
    .selectFrom("ledger_accounts")
    .select("id")
    .where("code", "=", `member:${memberId}:${kind}`)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A house or clearing account by code ("house:revenue", "clearing:deposit:normal"), created on first use. */
export async function systemAccount(
  db: Executor,
  code: string,
  kind: Extract<LedgerAccountKind, "house" | "clearing">,
) {
  await db
    .insertInto("ledger_accounts")
    .values({ code, kind, member_id: null, allow_negative: true })
    .onConflict((oc) => oc.column("code").doNothing())
    .execute();
  const row = await db
    .selectFrom("ledger_accounts")
    .select("id")
    .where("code", "=", code)
    .executeTakeFirstOrThrow();
  return row.id;
}

function toRecord(row: {
  id: bigint;
  kind: LedgerTransferKind;
  debit_account_id: bigint;
  credit_account_id: bigint;
  amount: bigint;
  type: string;
  reference: string;
  idempotency_key: string;
  pending_id: bigint | null;
  created_at: Date;
}): TransferRecord {
  return {
    id: row.id,
    kind: row.kind,
    debitAccountId: row.debit_account_id,
    creditAccountId: row.credit_account_id,
    amount: row.amount,
    type: row.type,
    reference: row.reference,
    idempotencyKey: row.idempotency_key,
    pendingId: row.pending_id,
    createdAt: row.created_at,
  };
}

function validate(input: TransferInput): void {
  if (typeof input.amount !== "bigint" || input.amount <= 0n) {
    throw new LedgerError("INVALID_TRANSFER", "amount must be a positive whole number of satang");
  }
  if (input.debitAccountId === input.creditAccountId) {
    throw new LedgerError("INVALID_TRANSFER", "a transfer needs two different accounts");
  }
  if (!isTransactionType(input.type)) throw new LedgerError("INVALID_TRANSFER", `unknown type ${input.type}`);
  if (!input.idempotencyKey || input.idempotencyKey.length > 200) {
    throw new LedgerError("INVALID_TRANSFER", "an idempotency key of 1-200 characters is required");
  }
}

async function existingByKey(db: Executor, key: string) {
  return db.selectFrom("ledger_transfers").selectAll().where("idempotency_key", "=", key).executeTakeFirst();
}

function sameIntent(
  row: {
    kind: string;
    debit_account_id: bigint;
    credit_account_id: bigint;
    amount: bigint;
    type: string;
    reference: string;
    pending_id: bigint | null;
  },
  kind: LedgerTransferKind,
  input: TransferInput,
  pendingId: bigint | null,
) {
  return (
    row.kind === kind &&
    row.debit_account_id === input.debitAccountId &&
    row.credit_account_id === input.creditAccountId &&
    row.amount === input.amount &&
    row.type === input.type &&
    row.reference === input.reference &&
    row.pending_id === pendingId
  );
}

/** Locks both accounts in id order, so two transfers between the same accounts can never deadlock. */
async function lockAccounts(trx: Transaction<DB>, ids: bigint[]): Promise<void> {
  const sorted = [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const rows = await trx
    .selectFrom("ledger_accounts")
    .select("id")
    .where("id", "in", sorted)
    .orderBy("id")
    .forUpdate()
    .execute();
  if (rows.length !== sorted.length) throw new LedgerError("NOT_FOUND", "ledger account not found");
}

function isConstraint(err: unknown, name: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e.code === "23514" && (e.constraint === name || (e.message ?? "").includes(name));
}

async function record(
  trx: Transaction<DB>,
  kind: LedgerTransferKind,
  input: TransferInput,
  pendingId: bigint | null,
): Promise<TransferRecord> {
  const existing = await existingByKey(trx, input.idempotencyKey);
  if (existing) {
    if (!sameIntent(existing, kind, input, pendingId)) {
      throw new LedgerError("IDEMPOTENCY_CONFLICT", "this idempotency key was used for a different transfer");
    }
    return toRecord(existing);
  }
  await lockAccounts(trx, [input.debitAccountId, input.creditAccountId]);
  try {
    if (kind === "posted" || kind === "post_pending") {
      await trx
        .updateTable("ledger_accounts")
        .set({
          balance: sql`balance - ${input.amount}`,
          ...(kind === "post_pending" ? { held: sql`held - ${input.amount}` } : {}),
        })
        .where("id", "=", input.debitAccountId)
        .execute();
      await trx
        .updateTable("ledger_accounts")
        .set({ balance: sql`balance + ${input.amount}` })
        .where("id", "=", input.creditAccountId)
        .execute();
    } else if (kind === "pending") {
      await trx
        .updateTable("ledger_accounts")
        .set({ held: sql`held + ${input.amount}` })
        .where("id", "=", input.debitAccountId)
        .execute();
    } else {
      await trx
        .updateTable("ledger_accounts")
        .set({ held: sql`held - ${input.amount}` })
        .where("id", "=", input.debitAccountId)
        .execute();
    }
  } catch (err) {
    if (isConstraint(err, "ledger_accounts_available_not_negative")) {
      throw new LedgerError("INSUFFICIENT_FUNDS", "insufficient funds");
    }
    throw err;
  }
  const row = await trx
    .insertInto("ledger_transfers")
    .values({
      kind,
      debit_account_id: input.debitAccountId,
      credit_account_id: input.creditAccountId,
      amount: input.amount,
      type: input.type,
      reference: input.reference,
      idempotency_key: input.idempotencyKey,
      pending_id: pendingId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/**
 * Moves money now. Inside `trx` when given (to commit with other writes; the caller then calls
 * `notifyCashChanged` after its commit), else in its own transaction, notifying cash listeners after commit.
 */
export async function transfer(
  db: Kysely<DB>,
  input: TransferInput,
  trx?: Transaction<DB>,
): Promise<TransferRecord> {
  validate(input);
  if (trx) return record(trx, "posted", input, null);
  const result = await inTransaction(db, (t) => record(t, "posted", input, null));
  await notifyCashChanged(db, [input.debitAccountId, input.creditAccountId]);
  return result;
}

/** For callers that moved money inside their own transaction: tell the listeners once it has committed. */
export async function notifyCashChanged(db: Kysely<DB>, accountIds: readonly bigint[]): Promise<void> {
  await notifyCashChanges(db, await cashChangesOf(db, accountIds));
}

/** Holds money on the debit account (withdrawal requests); resolve it once with postPending or voidPending. */
export async function reserve(
  db: Kysely<DB>,
  input: TransferInput,
  trx?: Transaction<DB>,
): Promise<TransferRecord> {
  validate(input);
  if (trx) return record(trx, "pending", input, null);
  const result = await inTransaction(db, (t) => record(t, "pending", input, null));
  // A hold lowers the available balance the member sees.
  await notifyCashChanged(db, [input.debitAccountId]);
  return result;
}

async function resolvePending(
  db: Kysely<DB>,
  pendingId: bigint,
  idempotencyKey: string,
  kind: "post_pending" | "void_pending",
  outer?: Transaction<DB>,
): Promise<TransferRecord> {
  const work = async (trx: Transaction<DB>) => {
    const pending = await trx
      .selectFrom("ledger_transfers")
      .selectAll()
      .where("id", "=", pendingId)
      .executeTakeFirst();
    if (pending?.kind !== "pending") throw new LedgerError("NOT_FOUND", "pending transfer not found");
    const input: TransferInput = {
      debitAccountId: pending.debit_account_id,
      creditAccountId: pending.credit_account_id,
      amount: pending.amount,
      type: pending.type as TransactionType,
      reference: pending.reference,
      idempotencyKey,
    };
    validate(input);
    const replay = await existingByKey(trx, idempotencyKey);
    if (!replay) {
      const resolved = await trx
        .selectFrom("ledger_transfers")
        .select("kind")
        .where("pending_id", "=", pendingId)
        .executeTakeFirst();
      if (resolved)
        throw new LedgerError(
          "PENDING_RESOLVED",
          `pending transfer already ${resolved.kind === "post_pending" ? "posted" : "voided"}`,
        );
    }
    return record(trx, kind, input, pendingId);
  };
  return outer ? work(outer) : inTransaction(db, work);
}

/**
 * Posts a hold. Inside `trx` when given (the caller notifies after its commit), else in its own transaction.
 */
export async function postPending(
  db: Kysely<DB>,
  pendingId: bigint,
  idempotencyKey: string,
  trx?: Transaction<DB>,
) {
  const result = await resolvePending(db, pendingId, idempotencyKey, "post_pending", trx);
  if (!trx) await notifyCashChanged(db, [result.debitAccountId, result.creditAccountId]);
  return result;
}

/** Releases a hold back to the debit account; `trx` as in postPending. */
export async function voidPending(
  db: Kysely<DB>,
  pendingId: bigint,
  idempotencyKey: string,
  trx?: Transaction<DB>,
) {
  const result = await resolvePending(db, pendingId, idempotencyKey, "void_pending", trx);
  if (!trx) await notifyCashChanged(db, [result.debitAccountId, result.creditAccountId]);
  return result;
}

export async function accountBalance(
  db: Executor,
  accountId: bigint,
): Promise<{ balance: bigint; held: bigint; available: bigint }> {
  const row = await db
    .selectFrom("ledger_accounts")
    .select(["balance", "held"])
    .where("id", "=", accountId)
    .executeTakeFirstOrThrow();
  return { balance: row.balance, held: row.held, available: row.balance - row.held };
}

/** What postTransfers did: the transfer id of every key (new or already there), and the accounts it moved. */
export interface BulkTransferResult {
  /** idempotency key → transfer id, for every input (inserted now or found from an earlier run). */
  ids: Map<string, bigint>;
  /** How many transfers this call inserted (the others existed already and moved nothing). */
  inserted: number;
  /** Accounts whose balance this call changed (for notifyCashChanged after the commit). */
  accountIds: bigint[];
}

/**
 * Many posted transfers in the caller's transaction, in a few statements whatever their number (settlement
 * pays thousands of lines per batch). Idempotent like `transfer`: each key is inserted with
 * `on conflict (idempotency_key) do nothing`, balances move only for the rows actually inserted, aggregated per
 * account; a key that already names a different transfer is IDEMPOTENCY_CONFLICT. Accounts are locked in id
 * order first (as `lockAccounts` does), so this never deadlocks with single transfers. A member account that
 * would go negative fails the whole call with INSUFFICIENT_FUNDS (callers cap what they take beforehand).
 * The caller calls `notifyCashChanged(db, result.accountIds)` after its commit.
 */
export async function postTransfers(
  trx: Transaction<DB>,
  inputs: readonly TransferInput[],
): Promise<BulkTransferResult> {
  if (inputs.length === 0) return { ids: new Map(), inserted: 0, accountIds: [] };
  const byKey = new Map<string, TransferInput>();
  for (const input of inputs) {
    validate(input);
    if (byKey.has(input.idempotencyKey))
      throw new LedgerError("INVALID_TRANSFER", `idempotency key ${input.idempotencyKey} given twice`);
    byKey.set(input.idempotencyKey, input);
  }
  const accounts = [...new Set(inputs.flatMap((i) => [i.debitAccountId, i.creditAccountId]))].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const locked = await sql<{ id: bigint }>`
    select id from ledger_accounts where id = any(${accounts.map(String)}::bigint[]) order by id for update`.execute(
    trx,
  );
  if (locked.rows.length !== accounts.length) throw new LedgerError("NOT_FOUND", "ledger account not found");

  const col = <T>(pick: (i: TransferInput) => T) => inputs.map(pick);
  const inserted = await sql<{ id: bigint; idempotency_key: string }>`
    insert into ledger_transfers (kind, debit_account_id, credit_account_id, amount, type, reference, idempotency_key)
    select 'posted', d.debit, d.credit, d.amount, d.type, d.reference, d.key
      from unnest(${col((i) => String(i.debitAccountId))}::bigint[], ${col((i) => String(i.creditAccountId))}::bigint[],
                  ${col((i) => String(i.amount))}::bigint[], ${col((i) => i.type)}::text[],
                  ${col((i) => i.reference)}::text[], ${col((i) => i.idempotencyKey)}::text[])
           as d(debit, credit, amount, type, reference, key)
    on conflict (idempotency_key) do nothing
    returning id, idempotency_key`.execute(trx);
  const ids = new Map<string, bigint>();
  for (const row of inserted.rows) ids.set(row.idempotency_key, row.id);

  const missing = [...byKey.keys()].filter((k) => !ids.has(k));
  if (missing.length > 0) {
    const existing = await trx
      .selectFrom("ledger_transfers")
      .selectAll()
      .where(sql<boolean>`idempotency_key = any(${missing}::text[])`)
      .execute();
    for (const row of existing) {
      if (!sameIntent(row, "posted", byKey.get(row.idempotency_key) as TransferInput, null))
        throw new LedgerError(
          "IDEMPOTENCY_CONFLICT",
          "this idempotency key was used for a different transfer",
        );
      ids.set(row.idempotency_key, row.id);
    }
    // A key neither inserted nor found was taken by a transaction that has not committed: retry the whole call.
    if (ids.size !== byKey.size) throw new LedgerError("IDEMPOTENCY_CONFLICT", "a transfer key is in flight");
  }

  const delta = new Map<bigint, bigint>();
  for (const row of inserted.rows) {
    const input = byKey.get(row.idempotency_key) as TransferInput;
    delta.set(input.debitAccountId, (delta.get(input.debitAccountId) ?? 0n) - input.amount);
    delta.set(input.creditAccountId, (delta.get(input.creditAccountId) ?? 0n) + input.amount);
  }
  const moved = [...delta.entries()].filter(([, d]) => d !== 0n);
  if (moved.length > 0) {
    try {
      await sql`
        update ledger_accounts a set balance = a.balance + d.delta
          from unnest(${moved.map(([id]) => String(id))}::bigint[], ${moved.map(([, d]) => String(d))}::bigint[])
               as d(id, delta)
         where a.id = d.id`.execute(trx);
    } catch (err) {
      if (isConstraint(err, "ledger_accounts_available_not_negative"))
        throw new LedgerError("INSUFFICIENT_FUNDS", "insufficient funds");
      throw err;
    }
  }
  return { ids, inserted: inserted.rows.length, accountIds: moved.map(([id]) => id) };
}

/** Many members' accounts of one kind, created on first use: member id → account id (two statements). */
export async function memberAccounts(
  db: Executor,
  memberIds: readonly bigint[],
  kind: MemberAccountKind,
): Promise<Map<bigint, bigint>> {
  // Sorted: two callers creating overlapping accounts insert them in the same order (no deadlock).
  const ids = [...new Set(memberIds)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (ids.length === 0) return new Map();
  const codes = ids.map((id) => `member:${id}:${kind}`);
  await sql`
    insert into ledger_accounts (code, kind, member_id, allow_negative)
    select 'member:' || m || ':' || ${kind}, ${kind}, m, false from unnest(${ids.map(String)}::bigint[]) as m
    on conflict (code) do nothing`.execute(db);
  const rows = await db
    .selectFrom("ledger_accounts")
    .select(["id", "member_id"])
    .where(sql<boolean>`code = any(${codes}::text[])`)
    .execute();
  return new Map(rows.map((r) => [r.member_id as bigint, r.id]));
}
