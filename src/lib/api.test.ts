import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A cookie jar with the browser's document.cookie behaviour the session module relies on. */
function fakeDocument() {
  const jar = new Map<string, string>();
  return {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    },
    set cookie(line: string) {
      const [pair = "", ...attributes] = line.split(";").map((p) => p.trim());
      const [name = "", value = ""] = pair.split("=");
      if (attributes.some((a) => /^Max-Age=0$/i.test(a))) jar.delete(name);
      else jar.set(name, value);
    },
  };
}

describe("the session ends on a refusal of the token this device still holds", () => {
  let answer: (response: Response) => void;
  const api = async () => import("./api.ts");
  const session = async () => import("./session.ts");

  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal("document", fakeDocument());
    vi.stubGlobal("location", { protocol: "http:" });
    vi.stubGlobal("localStorage", {
      getItem: () => null,
      setItem: () => undefined,
      removeItem: () => undefined,
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  /** Sends a member request and answers it 401 after `meanwhile` has run. */
  async function refusedAfter(meanwhile: () => void): Promise<number> {
    const { api: client, setUnauthorizedHandler } = await api();
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const request = client.get("cashs", { baseUrl: "http://localhost/" }).catch(() => undefined);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    meanwhile();
    answer(new Response(JSON.stringify({ code: "UNAUTHORIZED" }), { status: 401 }));
    await request;
    return handler.mock.calls.length;
  }

  it("shows Unauthorized when the server refuses the current session", async () => {
    (await session()).storeAccessToken("token-a", 3600);
    expect(await refusedAfter(() => undefined)).toBe(1);
  });

  it("ignores the refusal of a request sent before the member logged out", async () => {
    const { storeAccessToken, clearSession } = await session();
    storeAccessToken("token-a", 3600);
    expect(await refusedAfter(clearSession)).toBe(0);
  });

  it("ignores the refusal of a request sent with the token of an earlier login", async () => {
    const { storeAccessToken } = await session();
    storeAccessToken("token-a", 3600);
    expect(await refusedAfter(() => storeAccessToken("token-b", 3600))).toBe(0);
  });

  it("never treats a guest's 401 as a lost session", async () => {
    expect(await refusedAfter(() => undefined)).toBe(0);
  });
});
