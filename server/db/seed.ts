import type { Kysely } from "kysely";
import { inTransaction } from "../kernel/db.ts";
import { createStaff } from "../modules/staff/createStaff.ts";
import type { DB } from "./schema.ts";

/** The centre agent every locale falls back to (docs/rules.md "Field names": agentId 2, refUid 0). */
export const CENTRE_AGENT = { agentId: 2, refUid: 0 } as const;
export const USER_LOCALES = ["th", "en", "kh", "mm"] as const;

/**
 * Reference data the product cannot run without. Idempotent: it inserts what is missing and never
 * overwrites what staff have since changed.
 */
export async function seed(db: Kysely<DB>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto("agents")
      .values({ id: CENTRE_AGENT.agentId, name: "Centre", ref_uid: CENTRE_AGENT.refUid })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    await trx
      .insertInto("locale_centre_agents")
      .values(
        USER_LOCALES.map((locale) => ({
          locale,
          agent_id: CENTRE_AGENT.agentId,
          ref_uid: CENTRE_AGENT.refUid,
        })),
      )
      .onConflict((oc) => oc.column("locale").doNothing())
      .execute();
    await trx
      .insertInto("site_details")
      .values({
        domain: "*",
        title: "LOTTOUP",
        description:
          "Thai lottery, yeekee, stock and 4-digit lotteries with live results, in Thai, English, Khmer and Burmese.",
        site_verification: "",
        ga_id: "",
      })
      .onConflict((oc) => oc.column("domain").doNothing())
      .execute();
    await trx
      .insertInto("agent_supports")
      .values({
        agent_id: CENTRE_AGENT.agentId,
        active_popup: false,
        active_support: true,
        office_phone_number: null,
        url_bailek: null,
        url_popup: null,
        url_support: "/how-to",
      })
      .onConflict((oc) => oc.column("agent_id").doNothing())
      .execute();
  });
}

/**
 * Demo mode only: the clearly labelled demo bank's receiving accounts, so a newcomer can deposit end to end.
 * The demo bank (POST /api/demo-bank/transfer) only ever pays into accounts marked demo.
 */
export async function seedDemo(db: Kysely<DB>): Promise<void> {
  await db
    .insertInto("receiving_accounts")
    .values([
      {
        bank_code: "kbank",
        account_number: "0000000001",
        account_name: "LOTTOUP DEMO BANK (NOT REAL)",
        promptpay_id: "0800000001",
        channels: ["fast", "qrcode", "normal"],
        demo: true,
      },
      {
        bank_code: "scb",
        account_number: "0000000002",
        account_name: "LOTTOUP DEMO BANK (NOT REAL)",
        promptpay_id: null,
        channels: ["normal"],
        demo: true,
      },
    ])
    .onConflict((oc) => oc.columns(["bank_code", "account_number"]).doNothing())
    .execute();
  // A back-office login for trying the money desk at /staff; its password is public, so demo mode only.
  const staff = await db
    .selectFrom("staff")
    .select("id")
    .where("user_name", "=", DEMO_STAFF.userName)
    .executeTakeFirst();
  if (!staff) {
    // Another process starting at the same moment may have created it first; that is fine.
    await createStaff(db, { ...DEMO_STAFF, role: "administrator" }).catch((err: Error) => {
      if (!err.message.includes("already exists")) throw err;
    });
  }
}

export const DEMO_STAFF = { userName: "demoadmin", password: "Demo#Admin1" } as const;

/**
 * What demo mode left in this database that production must not serve: the demo administrator (its password is
 * in the README) and the demo bank's receiving accounts (the app would show players an account nobody owns).
 * Each entry says what it is and the SQL that takes it out of service; empty when the database is clean.
 */
export async function demoDataPresent(db: Kysely<DB>): Promise<string[]> {
  const found: string[] = [];
  const staff = await db
    .selectFrom("staff")
    .select("id")
    .where("user_name", "=", DEMO_STAFF.userName)
    .where("active", "=", true)
    .executeTakeFirst();
  if (staff) {
    found.push(
      `the demo administrator '${DEMO_STAFF.userName}' (its password is public): UPDATE staff SET active = false WHERE user_name = '${DEMO_STAFF.userName}';`,
    );
  }
  const accounts = await db
    .selectFrom("receiving_accounts")
    .select(["bank_code", "account_number"])
    .where("demo", "=", true)
    .where("active", "=", true)
    .orderBy("id")
    .execute();
  if (accounts.length > 0) {
    const list = accounts.map((a) => `${a.bank_code} ${a.account_number}`).join(", ");
    found.push(
      `the demo bank's receiving accounts (${list}): UPDATE receiving_accounts SET active = false WHERE demo;`,
    );
  }
  return found;
}
