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

const hintOf = (id: string) => `${id}.0b9f3c4e-7a1d-4c2b-9e8f-1a2b3c4d5e6f.0.4000000000`;

describe("the session ends on a refusal of the session this device still holds", () => {
  let answer: (response: Response) => void;
  const api = async () => import("./api.ts");
  const session = async () => import("./session.ts");

  /** A login answer: the server sets the session's hint (its token cookie is HttpOnly, out of the page's sight). */
  async function logIn(id: string) {
    // biome-ignore lint/suspicious/noDocumentCookie: the fake stands in for the server's Set-Cookie
    document.cookie = `sessionHint=${hintOf(id)}; Path=/`;
    (await session()).adoptSession();
  }

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

  /** Sends a member request and answers it (401 by default) after `meanwhile` has run; the handler's calls. */
  async function refusedWith(
    meanwhile: () => void | Promise<void>,
    status = 401,
    code = "UNAUTHORIZED",
  ): Promise<unknown[][]> {
    const { api: client, setUnauthorizedHandler } = await api();
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const request = client.get("cashs", { baseUrl: "http://localhost/" }).catch(() => undefined);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await meanwhile();
    answer(new Response(JSON.stringify({ code, message: "no" }), { status }));
    await request;
    return handler.mock.calls;
  }
  const refusedAfter = async (meanwhile: () => void | Promise<void>) => (await refusedWith(meanwhile)).length;

  it("shows Unauthorized when the server refuses the current session", async () => {
    await logIn("sessionAAAAAAAAA");
    expect(await refusedAfter(() => undefined)).toBe(1);
  });

  it("shows Unauthorized also when the refusal has already cleared the hint cookie", async () => {
    await logIn("sessionAAAAAAAAA");
    // The server's 401 expires the hint (Set-Cookie) before the app reads the answer.
    const expireHint = () => {
      // biome-ignore lint/suspicious/noDocumentCookie: the fake stands in for the server's Set-Cookie
      document.cookie = "sessionHint=; Max-Age=0; Path=/";
    };
    expect(await refusedAfter(expireHint)).toBe(1);
  });

  it("ignores the refusal of a request sent before the member logged out", async () => {
    await logIn("sessionAAAAAAAAA");
    const { clearSession } = await session();
    expect(await refusedAfter(clearSession)).toBe(0);
  });

  it("ignores the refusal of a request sent under the session of an earlier login", async () => {
    await logIn("sessionAAAAAAAAA");
    expect(await refusedAfter(() => logIn("sessionBBBBBBBBB"))).toBe(0);
  });

  it("never treats a guest's 401 as a lost session", async () => {
    expect(await refusedAfter(() => undefined)).toBe(0);
  });

  it("tells an area refusal (403 FORBIDDEN) from a refused session, which every other 401 and 403 is", async () => {
    await logIn("sessionAAAAAAAAA");
    expect(await refusedWith(() => undefined, 403, "FORBIDDEN")).toEqual([["area"]]);
    vi.mocked(fetch).mockClear();
    expect(await refusedWith(() => undefined, 403, "USER_DISABLED")).toEqual([["area"]]);
    vi.mocked(fetch).mockClear();
    expect(await refusedWith(() => undefined, 403, "CSRF_REFUSED")).toEqual([["session"]]);
    vi.mocked(fetch).mockClear();
    expect(await refusedWith(() => undefined, 401, "UNAUTHORIZED")).toEqual([["session"]]);
  });

  it("sends the app's CSRF header and the browser's cookies, never a token of its own", async () => {
    await logIn("sessionAAAAAAAAA");
    await refusedAfter(() => undefined);
    const sent = vi.mocked(fetch).mock.calls[0]?.[0] as Request;
    expect(sent.headers.get("x-requested-with")).toBe("lottoup");
    expect(sent.headers.get("authorization")).toBeNull();
    expect(sent.credentials).toBe("same-origin");
  });
});
