import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openTestDatabase, tokenOf } from "../test/harness.ts";
import { type Database, openDatabase } from "./database.ts";
import { currentRole, grantAppRole } from "./roles.ts";
import { seedDemo } from "./seed.ts";

/**
 * The app's own database role (DATABASE_URL, with migrations run as DATABASE_MIGRATION_URL) reads and writes rows
 * and cannot switch off the ledger's or the audit log's append-only triggers, or empty those tables. PostgreSQL
 * only: PGlite is one superuser session with no roles to speak of.
 */
const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)("the app's database role (PostgreSQL)", () => {
  const role = `lottoup_app_${randomBytes(4).toString("hex")}`;
  let owner: Database;
  let app: Database;

  /** One statement as the app's role; the PostgreSQL error code when it is refused. */
  async function asApp(statement: string): Promise<string | null> {
    try {
      await sql.raw(statement).execute(app.db);
      return null;
    } catch (err) {
      return (err as { code?: string }).code ?? String(err);
    }
  }

  beforeAll(async () => {
    owner = await openTestDatabase();
    await sql`create role ${sql.raw(role)} nologin`.execute(owner.db);
    await grantAppRole(owner.db, owner.schema, role);
    // The test logs in as the superuser of the local PostgreSQL and takes the app's role for the whole session,
    // which is what logging in as that role gives the app.
    app = await openDatabase({ databaseUrl, schema: owner.schema, role, poolSize: 4 });
  });

  afterAll(async () => {
    await app?.close();
    await sql`drop owned by ${sql.raw(role)}`.execute(owner.db);
    await sql`drop role if exists ${sql.raw(role)}`.execute(owner.db);
    await owner?.close();
  });

  it("runs as its own role, not the owner of the tables", async () => {
    expect(await currentRole(app.db)).toBe(role);
    await expect(grantAppRole(owner.db, owner.schema, await currentRole(owner.db))).rejects.toThrow(
      /same role/,
    );
  });

  it("cannot truncate the ledger or the audit log, nor drop or disable their triggers", async () => {
    const insufficientPrivilege = "42501";
    for (const table of ["ledger_transfers", "ledger_accounts", "audit_log"]) {
      expect(await asApp(`truncate ${table}`), `truncate ${table}`).toBe(insufficientPrivilege);
    }
    expect(await asApp("drop trigger ledger_transfers_no_change on ledger_transfers")).toBe(
      insufficientPrivilege,
    );
    expect(await asApp("alter table ledger_transfers disable trigger ledger_transfers_no_change")).toBe(
      insufficientPrivilege,
    );
    expect(await asApp("alter table ledger_transfers disable trigger all")).toBe(insufficientPrivilege);
    expect(await asApp("drop trigger audit_log_no_change on audit_log")).toBe(insufficientPrivilege);
    expect(await asApp("alter table audit_log disable trigger user")).toBe(insufficientPrivilege);
    expect(await asApp("drop function ledger_transfers_immutable() cascade")).toBe(insufficientPrivilege);
    expect(await asApp("drop table ledger_transfers")).toBe(insufficientPrivilege);
    expect(await asApp("create table sneaky (id int)")).toBe(insufficientPrivilege);
    // Append-only rows are refused by privilege as well as by the trigger.
    expect(await asApp("update audit_log set action = 'x'")).toBe(insufficientPrivilege);
    expect(await asApp("delete from ledger_transfers")).toBe(insufficientPrivilege);
  });

  it("serves players and staff as that role: sign-up, a deposit through the ledger, a staff login", async () => {
    const config = loadConfig({ LOG_LEVEL: "silent", STATIC_DIR: "./.no-static-in-tests" });
    await seedDemo(app.db);
    const built = await buildApp({ config, database: app, pushSenderIntervalMs: 0 });
    const server = built.app;
    try {
      expect((await server.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
      const signup = await server.inject({
        method: "POST",
        url: "/api/users.signup",
        payload: {
          userName: `role${randomBytes(3).toString("hex")}`,
          password: "Secret#123",
          phoneNumber: "0812345678",
        },
      });
      expect(signup.statusCode).toBe(201);
      const token = tokenOf(signup) as string;
      const deposit = await server.inject({
        method: "POST",
        url: "/api/deposits.truemoney",
        headers: { authorization: `Bearer ${token}` },
        payload: {
          voucherUrl: `https://gift.truemoney.com/campaign/?v=${randomUUID().replace(/-/g, "").slice(0, 18)}`,
          idempotencyKey: randomUUID(),
        },
      });
      expect(deposit.statusCode).toBe(201);
      const cash = await server.inject({
        method: "GET",
        url: "/api/cashs",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(cash.json().money).toBe("100.00");
      const staffLogin = await server.inject({
        method: "POST",
        url: "/api/staff/login",
        payload: { userName: "demoadmin", password: "Demo#Admin1" },
      });
      expect(staffLogin.statusCode).toBe(200);
      const audited = await app.db
        .selectFrom("audit_log")
        .select("action")
        .where("action", "=", "staff.login")
        .execute();
      expect(audited.length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});
