import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, engineName, requestsOf, type TestApp, tokenOf } from "../../test/harness.ts";
import { NUMBER_SET_LIMITS } from "./numberSets.ts";

let t: TestApp;
const { post, get } = requestsOf(() => t.app);

let counter = 0;
interface Member {
  token: string;
  id: bigint;
}
async function member(): Promise<Member> {
  counter += 1;
  const userName = `nset${Date.now().toString(36)}${counter}`.slice(0, 20);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/users.signup",
    payload: { userName, password: "Secret#123", phoneNumber: "0812345678" },
    remoteAddress: `198.51.100.${counter % 250}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  const uuid = res.json().userInfo.uuid as string;
  const row = await t.database.db
    .selectFrom("members")
    .select("id")
    .where("uuid", "=", uuid)
    .executeTakeFirstOrThrow();
  return { token: tokenOf(res) as string, id: row.id };
}

const lines = [
  { option: "teng_bon_3", number: "123", price: "10" },
  { option: "tode_3", number: "123", price: 5 },
  { option: "teng_lang_2", number: "05", price: "1.50" },
];
const create = (m: Member, name: string, poyListJson: unknown = lines) =>
  post("/poy-api/number-sets.create", m.token, { name, poyListJson });
const list = async (m: Member) => {
  const res = await get("/poy-api/number-sets", m.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as { id: string; name: string; lineCount: number; poyListJson: unknown[] }[];
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe(`number sets (${engineName})`, () => {
  it("saves lines with wire options and baht prices, lists them newest first, renames and deletes", async () => {
    const m = await member();
    const first = await create(m, "  Lucky   numbers ");
    expect(first.statusCode, first.body).toBe(201);
    const item = first.json().item;
    expect(item).toMatchObject({
      name: "Lucky numbers",
      lineCount: 3,
      poyListJson: [
        { option: "teng_bon_3", number: "123", price: "10.00" },
        { option: "tode_3", number: "123", price: "5.00" },
        { option: "teng_lang_2", number: "05", price: "1.50" },
      ],
    });
    expect(typeof item.id).toBe("string");
    expect(Date.parse(item.createdAt)).not.toBeNaN();

    // camelCase ids are accepted and stored as wire names.
    const second = await create(m, "เลขเด็ด", [{ option: "tengBon2", number: "99", price: "20" }]);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().item.poyListJson).toEqual([{ option: "teng_bon_2", number: "99", price: "20.00" }]);
    expect((await list(m)).map((s) => s.name)).toEqual(["เลขเด็ด", "Lucky numbers"]);

    const renamed = await post("/poy-api/number-sets.rename", m.token, { id: item.id, name: "Birthday" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().item).toMatchObject({ id: item.id, name: "Birthday", lineCount: 3 });
    expect(Date.parse(renamed.json().item.updatedAt)).toBeGreaterThanOrEqual(Date.parse(item.updatedAt));
    expect((await list(m)).map((s) => s.name)).toEqual(["เลขเด็ด", "Birthday"]);

    const deleted = await post("/poy-api/number-sets.delete", m.token, { id: Number(item.id) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ id: item.id, deleted: true });
    expect((await list(m)).map((s) => s.name)).toEqual(["เลขเด็ด"]);
    const again = await post("/poy-api/number-sets.delete", m.token, { id: item.id });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe("NUMBER_SET_NOT_FOUND");
  });

  it("a member never sees, renames or deletes another member's set", async () => {
    const owner = await member();
    const other = await member();
    const saved = (await create(owner, "Mine")).json().item;

    expect(await list(other)).toEqual([]);
    const rename = await post("/poy-api/number-sets.rename", other.token, { id: saved.id, name: "Stolen" });
    expect(rename.statusCode).toBe(404);
    expect(rename.json().code).toBe("NUMBER_SET_NOT_FOUND");
    const del = await post("/poy-api/number-sets.delete", other.token, { id: saved.id });
    expect(del.statusCode).toBe(404);
    expect(del.json().code).toBe("NUMBER_SET_NOT_FOUND");

    // The owner's set is untouched, and the same name is free for the other member.
    expect((await list(owner)).map((s) => [s.id, s.name])).toEqual([[saved.id, "Mine"]]);
    expect((await create(other, "Mine")).statusCode).toBe(201);
    expect((await list(owner)).length).toBe(1);
  });

  it("needs a member's token, and refuses a member whose status blocks lotto", async () => {
    expect((await get("/poy-api/number-sets")).statusCode).toBe(401);
    expect(
      (await post("/poy-api/number-sets.create", undefined, { name: "x", poyListJson: lines })).statusCode,
    ).toBe(401);
    const m = await member();
    await t.database.db.updateTable("members").set({ status: 4 }).where("id", "=", m.id).execute();
    const res = await get("/poy-api/number-sets", m.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("FORBIDDEN");
  });

  it("refuses malformed sets, naming the line", async () => {
    const m = await member();
    const cases: [unknown, string, number | undefined][] = [
      [[], "NUMBER_SET_EMPTY", undefined],
      [[{ option: "nope", number: "12", price: "1" }], "OPTION_UNKNOWN", 0],
      [[lines[0], { option: "teng_bon_2", number: "123", price: "1" }], "NUMBER_INVALID", 1],
      [[{ option: "teng_bon_2", number: "1a", price: "1" }], "NUMBER_INVALID", 0],
      [[{ option: "teng_bon_2", number: "12", price: "0" }], "PRICE_INVALID", 0],
      [[{ option: "teng_bon_2", number: "12", price: "1.234" }], "AMOUNT_INVALID", 0],
      [[{ option: "teng_bon_2", number: "12", price: "-5" }], "AMOUNT_INVALID", 0],
      [[{ option: "teng_bon_2", number: "12", price: "2000000" }], "PRICE_INVALID", 0],
      [[{ option: "teng_bon_2", number: "12" }], "AMOUNT_INVALID", 0],
      [
        [
          { option: "teng_bon_2", number: "12", price: "1" },
          { option: "tengBon2", number: "12", price: "2" },
        ],
        "LINE_DUPLICATE",
        1,
      ],
      ["not a list", "requestInvalid", undefined],
    ];
    for (const [poyListJson, code, line] of cases) {
      const res = await create(m, "Bad", poyListJson);
      expect(res.statusCode, JSON.stringify(poyListJson)).toBe(400);
      expect(res.json().code, JSON.stringify(poyListJson)).toBe(code);
      if (line !== undefined) expect(res.json().line).toBe(line);
    }
    const tooLong = Array.from({ length: NUMBER_SET_LIMITS.lines + 1 }, (_, i) => ({
      option: "four_top",
      number: String(i).padStart(4, "0"),
      price: "1",
    }));
    expect((await create(m, "Long", tooLong)).json().code).toBe("NUMBER_SET_TOO_LONG");
    // Exactly the maximum is fine.
    expect((await create(m, "Long", tooLong.slice(1))).statusCode).toBe(201);
    expect(await list(m)).toHaveLength(1);
  });

  it("names: 1 to 60 characters after trimming, unique per member", async () => {
    const m = await member();
    for (const name of ["", "   ", "x".repeat(61)]) {
      const res = await create(m, name);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("NUMBER_SET_NAME_INVALID");
    }
    // 60 Thai characters with combining marks are 60 characters, as the database counts them.
    const thai = "ก่".repeat(30);
    expect((await create(m, thai)).statusCode).toBe(201);
    expect((await create(m, "Same")).statusCode).toBe(201);
    const dup = await create(m, " Same ");
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe("NUMBER_SET_NAME_TAKEN");

    const sets = await list(m);
    const thaiSet = sets.find((s) => s.name === thai);
    const taken = await post("/poy-api/number-sets.rename", m.token, { id: thaiSet?.id, name: "Same" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("NUMBER_SET_NAME_TAKEN");
    const empty = await post("/poy-api/number-sets.rename", m.token, { id: thaiSet?.id, name: " " });
    expect(empty.json().code).toBe("NUMBER_SET_NAME_INVALID");
    const bad = await post("/poy-api/number-sets.rename", m.token, { id: "abc", name: "ok" });
    expect(bad.json().code).toBe("requestInvalid");
    expect((await list(m)).map((s) => s.name).sort()).toEqual(["Same", thai].sort());
  });

  it("keeps at most 50 sets per member, also when saves race", async () => {
    const m = await member();
    const { db } = t.database;
    await db
      .insertInto("number_sets")
      .values(
        Array.from({ length: NUMBER_SET_LIMITS.sets - 3 }, (_, i) => ({
          member_id: m.id,
          name: `Set ${i}`,
          poy_list_json: JSON.stringify(lines),
        })),
      )
      .execute();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => create(m, `Race ${i}`)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    for (const r of results.filter((r) => r.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ code: "NUMBER_SET_LIMIT", max: NUMBER_SET_LIMITS.sets });
    }
    expect(await list(m)).toHaveLength(NUMBER_SET_LIMITS.sets);
    // Deleting one makes room again.
    const [newest] = await list(m);
    expect((await post("/poy-api/number-sets.delete", m.token, { id: newest?.id })).statusCode).toBe(200);
    expect((await create(m, "Room again")).statusCode).toBe(201);
  });
});
