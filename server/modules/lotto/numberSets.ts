import type { FastifyInstance } from "fastify";
import type { Selectable } from "kysely";
import { IdBody } from "../../../src/domain/contracts/common.ts";
import {
  CreateNumberSetBody,
  NUMBER_SET_LIMITS,
  type NumberSetLine,
  type NumberSetView,
  RenameNumberSetBody,
} from "../../../src/domain/contracts/lotto.ts";
import {
  type AnyOption,
  isOption,
  isWellFormedNumber,
  optionFromWire,
  optionWire,
} from "../../../src/domain/lotto/index.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import { parseAmount } from "../../../src/domain/wallet.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { NumberSetsTable } from "../../db/schema.ts";
import { AppError, type ErrorCode } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import { ACCESS, memberOf } from "../../kernel/access.ts";
import { inTransaction, isUniqueViolation } from "../../kernel/db.ts";

/**
 * Number sets (docs/results-api.md "Number sets"): a member's saved lines (docs/rules.md "Field names": `poyListJson`),
 * reloaded into any round's builder later. Nothing here moves money; a set is only ever seen or changed by the
 * member who saved it (another member's id answers 404, as a missing one).
 */

export type { NumberSetLine, NumberSetView };
export { NUMBER_SET_LIMITS };

type NumberSetRow = Selectable<NumberSetsTable>;

/** The name as stored: trimmed, NFC (a Thai name typed on two keyboards is one name), 1–60 characters. */
export function cleanSetName(input: string): string {
  const name = input.normalize("NFC").trim().replace(/\s+/g, " ");
  const length = [...name].length;
  if (length < 1 || length > NUMBER_SET_LIMITS.name) {
    throw new AppError(
      400,
      "NUMBER_SET_NAME_INVALID",
      `A number set's name has 1 to ${NUMBER_SET_LIMITS.name} characters.`,
    );
  }
  return name;
}

const lineError = (code: ErrorCode, message: string, index: number, extra: Record<string, unknown> = {}) =>
  new AppError(400, code, message, { line: index, ...extra });

/** Every line well formed, options as wire names, prices as baht strings; refusals name the first bad line. */
export function cleanSetLines(lines: readonly unknown[]): NumberSetLine[] {
  if (lines.length === 0)
    throw new AppError(400, "NUMBER_SET_EMPTY", "A number set needs at least one line.");
  if (lines.length > NUMBER_SET_LIMITS.lines) {
    throw new AppError(
      400,
      "NUMBER_SET_TOO_LONG",
      `A number set has at most ${NUMBER_SET_LIMITS.lines} lines.`,
    );
  }
  const seen = new Set<string>();
  return lines.map((raw, index) => {
    const line = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
    const text = typeof line.option === "string" ? line.option : "";
    const option: AnyOption | null = optionFromWire(text) ?? (isOption(text) ? text : null);
    if (!option) throw lineError("OPTION_UNKNOWN", "Unknown bet option.", index, { option: text });
    const wire = optionWire(option);
    const number = typeof line.number === "string" ? line.number : "";
    if (!isWellFormedNumber(option, number)) {
      throw lineError("NUMBER_INVALID", "The number does not fit this option.", index, {
        option: wire,
        number,
      });
    }
    const price = parseAmount(line.price);
    if (price === null) {
      throw lineError("AMOUNT_INVALID", "Please enter an amount in baht with at most two decimals.", index, {
        option: wire,
        number,
      });
    }
    if (price <= 0n || price > NUMBER_SET_LIMITS.maxPriceSatang) {
      throw lineError(
        "PRICE_INVALID",
        "A price is a positive amount of baht with at most 2 decimals.",
        index,
        {
          option: wire,
          number,
        },
      );
    }
    const ref = `${option}:${number}`;
    if (seen.has(ref)) {
      throw lineError("LINE_DUPLICATE", "The set has this option and number twice.", index, {
        option: wire,
        number,
      });
    }
    seen.add(ref);
    return { option: wire, number, price: satangToBaht(price) };
  });
}

/** A stored set as the member sees it; lines that no longer read (an option since withdrawn) are left out. */
export function numberSetView(row: NumberSetRow): NumberSetView {
  const stored = Array.isArray(row.poy_list_json) ? (row.poy_list_json as unknown[]) : [];
  const lines: NumberSetLine[] = [];
  for (const l of stored) {
    if (typeof l !== "object" || l === null) continue;
    const { option, number, price } = l as Record<string, unknown>;
    if (typeof option === "string" && typeof number === "string" && typeof price === "string")
      lines.push({ option, number, price });
  }
  return {
    id: String(row.id),
    name: row.name,
    poyListJson: lines,
    lineCount: lines.length,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const nameTaken = () =>
  new AppError(409, "NUMBER_SET_NAME_TAKEN", "You already have a number set with this name.");
const notFound = () => new AppError(404, "NUMBER_SET_NOT_FOUND", "Number set not found.");

export async function listNumberSets(db: Database["db"], memberId: bigint): Promise<NumberSetView[]> {
  const rows = await db
    .selectFrom("number_sets")
    .selectAll()
    .where("member_id", "=", memberId)
    .orderBy("id", "desc")
    .execute();
  return rows.map(numberSetView);
}

export async function createNumberSet(
  db: Database["db"],
  memberId: bigint,
  input: { name: string; lines: readonly unknown[] },
): Promise<NumberSetView> {
  const name = cleanSetName(input.name);
  const lines = cleanSetLines(input.lines);
  try {
    return await inTransaction(db, async (trx) => {
      // The member's row is the lock that makes "at most 50 sets" hold when two saves race.
      await trx.selectFrom("members").select("id").where("id", "=", memberId).forUpdate().executeTakeFirst();
      const { count } = await trx
        .selectFrom("number_sets")
        .select((eb) => eb.fn.countAll<string>().as("count"))
        .where("member_id", "=", memberId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= NUMBER_SET_LIMITS.sets) {
        throw new AppError(
          409,
          "NUMBER_SET_LIMIT",
          `You can keep at most ${NUMBER_SET_LIMITS.sets} number sets. Delete one first.`,
          { max: NUMBER_SET_LIMITS.sets },
        );
      }
      const row = await trx
        .insertInto("number_sets")
        .values({ member_id: memberId, name, poy_list_json: JSON.stringify(lines) })
        .returningAll()
        .executeTakeFirstOrThrow();
      return numberSetView(row);
    });
  } catch (err) {
    if (isUniqueViolation(err, "number_sets_name_once")) throw nameTaken();
    throw err;
  }
}

export async function renameNumberSet(
  db: Database["db"],
  memberId: bigint,
  id: bigint,
  newName: string,
): Promise<NumberSetView> {
  const name = cleanSetName(newName);
  try {
    const row = await db
      .updateTable("number_sets")
      .set({ name, updated_at: new Date() })
      .where("id", "=", id)
      .where("member_id", "=", memberId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound();
    return numberSetView(row);
  } catch (err) {
    if (isUniqueViolation(err, "number_sets_name_once")) throw nameTaken();
    throw err;
  }
}

export async function deleteNumberSet(db: Database["db"], memberId: bigint, id: bigint): Promise<void> {
  const gone = await db
    .deleteFrom("number_sets")
    .where("id", "=", id)
    .where("member_id", "=", memberId)
    .returning("id")
    .executeTakeFirst();
  if (!gone) throw notFound();
}

export interface NumberSetDeps {
  config: Config;
  database: Database;
}

/** The member calls of docs/results-api.md "Number sets", under /poy-api. */
export async function numberSetRoutes(app: FastifyInstance, deps: NumberSetDeps) {
  const db: Database["db"] = deps.database.db;

  app.get("/poy-api/number-sets", { config: { access: ACCESS.lotto } }, async (request) => {
    const member = memberOf(request);
    return { items: await listNumberSets(db, member.memberId) };
  });

  app.post("/poy-api/number-sets.create", { config: { access: ACCESS.lotto } }, async (request, reply) => {
    const member = memberOf(request);
    const body = parseWith(CreateNumberSetBody, request.body);
    const item = await createNumberSet(db, member.memberId, { name: body.name, lines: body.poyListJson });
    return reply.status(201).send({ item });
  });

  app.post("/poy-api/number-sets.rename", { config: { access: ACCESS.lotto } }, async (request) => {
    const member = memberOf(request);
    const body = parseWith(RenameNumberSetBody, request.body);
    return { item: await renameNumberSet(db, member.memberId, body.id, body.name) };
  });

  app.post("/poy-api/number-sets.delete", { config: { access: ACCESS.lotto } }, async (request) => {
    const member = memberOf(request);
    const { id } = parseWith(IdBody, request.body);
    await deleteNumberSet(db, member.memberId, id);
    return { id: String(id), deleted: true };
  });
}
