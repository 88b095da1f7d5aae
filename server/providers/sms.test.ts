import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { openTestDatabase } from "../test/harness.ts";
import { httpSmsProvider } from "./sms.ts";

describe("HTTP SMS gateway provider", () => {
  let database: Database;
  const received: { auth: string | undefined; body: unknown }[] = [];
  let status = 200;
  const gateway = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ auth: req.headers.authorization, body: JSON.parse(body) });
      res.statusCode = status;
      res.end("{}");
    });
  });
  let url = "";

  beforeAll(async () => {
    database = await openTestDatabase();
    await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
  });
  afterAll(async () => {
    gateway.close();
    await database.close();
  });

  it("posts the message with the bearer token and keeps a record with the digits masked", async () => {
    const sms = httpSmsProvider(database.db, url, "gateway-secret");
    await sms.send("0812345678", "LOTTOUP: your code is 123456 (ref ABC123).");
    expect(received.at(-1)).toEqual({
      auth: "Bearer gateway-secret",
      body: { to: "0812345678", message: "LOTTOUP: your code is 123456 (ref ABC123)." },
    });
    const row = await database.db
      .selectFrom("sms_outbox")
      .selectAll()
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: "http", body: "LOTTOUP: your code is •••••• (ref ABC•••)." });
    expect(row.sent_at).toBeInstanceOf(Date);
  });

  it("fails loudly when the gateway refuses, recording nothing as sent", async () => {
    status = 503;
    const before = await database.db
      .selectFrom("sms_outbox")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    await expect(httpSmsProvider(database.db, url, "gateway-secret").send("0812345678", "x")).rejects.toThrow(
      /503/,
    );
    const after = await database.db
      .selectFrom("sms_outbox")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
