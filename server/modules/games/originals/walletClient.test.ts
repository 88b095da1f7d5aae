import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  createWalletClient,
  lottoupSignature,
  originalsWalletSecret,
  type WalletHttpRequest,
  type WalletHttpResponse,
} from "./walletClient.ts";

const SECRET = "0123456789abcdef".repeat(4);

/** A client over a scripted transport that records what it was asked. */
function scripted(answers: (WalletHttpResponse | Error)[]) {
  const requests: WalletHttpRequest[] = [];
  const client = createWalletClient({
    secret: SECRET,
    timeoutMs: 1234,
    transport: async (request) => {
      requests.push(request);
      const answer = answers.shift();
      if (answer === undefined) throw new Error("no answer scripted");
      if (answer instanceof Error) throw answer;
      return answer;
    },
  });
  return { client, requests };
}

const ok = (body: object) => ({ status: 200, body: JSON.stringify({ status: "OK", ...body }) });
const BET = {
  token: "t",
  user: "u",
  transactionId: "tx",
  roundId: "r",
  gameCode: "lottoup-dice",
  amount: 1000n,
};

describe("the lottoup dialect client", () => {
  it("derives the secret from SESSION_SECRET and signs '<timestamp>.<raw body>' with it", async () => {
    expect(originalsWalletSecret("s".repeat(40))).toBe(
      createHmac("sha256", "s".repeat(40)).update("originals-wallet-v1").digest("hex"),
    );
    const { client, requests } = scripted([ok({ balance: "9000", transactionId: "tx" })]);
    expect(await client.bet(BET)).toEqual({ kind: "ok", value: { balance: 9000n, transactionId: "tx" } });
    const [request] = requests as [WalletHttpRequest];
    expect(request.path).toBe("/api/providers/lottoup/bet");
    expect(request.timeoutMs).toBe(1234);
    expect(JSON.parse(request.body)).toEqual({
      token: "t",
      user: "u",
      transactionId: "tx",
      roundId: "r",
      gameCode: "lottoup-dice",
      amount: "1000",
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const timestamp = request.headers["x-timestamp"] as string;
    expect(timestamp).toMatch(/^\d{10}$/);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(5);
    const expected = createHmac("sha256", SECRET).update(`${timestamp}.${request.body}`).digest("hex");
    expect(request.headers["x-signature"]).toBe(`sha256=${expected}`);
    expect(lottoupSignature(SECRET, timestamp, request.body)).toBe(`sha256=${expected}`);
    expect(request.headers["content-type"]).toBe("application/json");
  });

  it("tells an answer, a refusal and no answer apart", async () => {
    const { client } = scripted([
      { status: 200, body: JSON.stringify({ status: "NOT_ENOUGH_MONEY", balance: "500" }) },
      { status: 400, body: JSON.stringify({ status: "INVALID_REQUEST" }) },
      { status: 500, body: JSON.stringify({ status: "OK", balance: "1" }) },
      { status: 200, body: "<html>proxy error</html>" },
      { status: 200, body: JSON.stringify({ status: "OK" }) },
      { status: 200, body: JSON.stringify({ status: "SOMETHING_NEW" }) },
      { status: 404, body: JSON.stringify({ code: "NOT_FOUND" }) },
      Object.assign(new Error("The operation was aborted due to timeout"), { name: "TimeoutError" }),
      new Error("connect ECONNREFUSED 127.0.0.1:1"),
    ]);
    const bet = (i: number) => client.bet({ ...BET, transactionId: `tx${i}` });
    expect(await bet(0)).toEqual({ kind: "refused", status: "NOT_ENOUGH_MONEY", balance: 500n });
    expect(await bet(1)).toEqual({ kind: "refused", status: "INVALID_REQUEST", balance: null });
    expect(await bet(2)).toMatchObject({ kind: "unknown", reason: "HTTP 500" });
    expect(await bet(3)).toMatchObject({ kind: "unknown" });
    expect(await bet(4)).toMatchObject({ kind: "unknown" });
    expect(await bet(5)).toMatchObject({ kind: "unknown" });
    expect(await bet(6)).toMatchObject({ kind: "unknown" });
    expect(await bet(7)).toEqual({ kind: "unknown", reason: "timeout" });
    expect(await bet(8)).toMatchObject({ kind: "unknown", reason: /ECONNREFUSED/ });
  });

  it("gives every request its own requestId, so identical calls in one second sign differently; resends a REPLAYED once", async () => {
    const { client, requests } = scripted([
      ok({ user: "u", currency: "THB", balance: "1" }),
      ok({ user: "u", currency: "THB", balance: "1" }),
      { status: 200, body: JSON.stringify({ status: "REPLAYED" }) },
      ok({ user: "u", currency: "THB", balance: "1" }),
      { status: 200, body: JSON.stringify({ status: "REPLAYED" }) },
      { status: 200, body: JSON.stringify({ status: "REPLAYED" }) },
    ]);
    const [first, second] = await Promise.all([client.authenticate("tok"), client.authenticate("tok")]);
    expect(first.kind).toBe("ok");
    expect(second.kind).toBe("ok");
    expect(await client.authenticate("tok")).toMatchObject({ kind: "ok" });
    expect(await client.authenticate("tok")).toEqual({ kind: "refused", status: "REPLAYED", balance: null });
    expect(requests).toHaveLength(6);
    const bodies = requests.map((r) => JSON.parse(r.body) as Record<string, string>);
    expect(bodies.map((b) => b.token)).toEqual(Array(6).fill("tok"));
    expect(new Set(bodies.map((b) => b.requestId)).size).toBe(6);
    expect(new Set(requests.map((r) => r.headers["x-signature"])).size).toBe(6);
  });
});
