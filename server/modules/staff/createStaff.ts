import type { Kysely } from "kysely";
import * as v from "valibot";
import { PasswordSchema, UsernameSchema } from "../../../src/domain/account.ts";
import { hashPassword } from "../../auth/password.ts";
import type { DB } from "../../db/schema.ts";
import { inTransaction } from "../../kernel/db.ts";
import type { StaffRole } from "../../kernel/sessions.ts";
import { audit } from "./audit.ts";

export const STAFF_ROLES: readonly StaffRole[] = ["staff", "administrator", "super_admin"];

/** Creates a back-office account (the `npm run staff:create` command). Throws with a readable reason. */
export async function createStaff(
  db: Kysely<DB>,
  input: { userName: string; password: string; role: string },
) {
  if (!v.is(UsernameSchema, input.userName))
    throw new Error("the username must be 6-30 lowercase letters and digits");
  if (!v.is(PasswordSchema, input.password)) {
    throw new Error(
      "the password must be 8-30 characters with an uppercase, a lowercase, a digit and one of #?!@$ %^&*-",
    );
  }
  if (!(STAFF_ROLES as readonly string[]).includes(input.role)) {
    throw new Error(`the role must be one of ${STAFF_ROLES.join(", ")}`);
  }
  const passwordHash = await hashPassword(input.password);
  return inTransaction(db, async (trx) => {
    const created = await trx
      .insertInto("staff")
      .values({ user_name: input.userName, password_hash: passwordHash, role: input.role as StaffRole })
      .onConflict((oc) => oc.column("user_name").doNothing())
      .returning(["id", "user_name", "role"])
      .executeTakeFirst();
    if (!created) throw new Error(`a staff account named ${input.userName} already exists`);
    await audit(trx, {
      actor: "cli",
      action: "staff.create",
      subject: `staff:${created.user_name}`,
      after: { role: created.role },
    });
    return created;
  });
}
