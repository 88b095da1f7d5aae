import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** document.cookie as a page script sees it: the HttpOnly token is never in it. */
function fakeDocument(initial: Record<string, string>) {
  const jar = new Map(Object.entries(initial));
  return {
    jar,
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

const HINT = "sessionAAAAAAAAA.0b9f3c4e-7a1d-4c2b-9e8f-1a2b3c4d5e6f.0.4000000000";

describe("the session as the app knows it", () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal("location", { protocol: "https:" });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is the server's hint, read once and kept until a login or logout changes it", async () => {
    const doc = fakeDocument({ sessionHint: HINT, guestId: "g" });
    vi.stubGlobal("document", doc);
    const { currentSession, clearSession } = await import("./session.ts");
    expect(currentSession()).toMatchObject({ id: "sessionAAAAAAAAA", status: 0, exp: 4_000_000_000 });
    // The server expiring the cookie (a 401) does not change what the app holds until it forgets it itself.
    doc.jar.delete("sessionHint");
    expect(currentSession()?.id).toBe("sessionAAAAAAAAA");
    doc.jar.set("sessionHint", HINT);
    clearSession();
    expect(currentSession()).toBeNull();
    expect(doc.jar.has("sessionHint")).toBe(false);
    expect(doc.jar.has("guestId")).toBe(false);
  });

  it("drops a token an earlier version of the app stored where scripts can read it", async () => {
    const doc = fakeDocument({ accessToken: "legacy.jwt.value" });
    vi.stubGlobal("document", doc);
    const { currentSession } = await import("./session.ts");
    expect(currentSession()).toBeNull();
    expect(doc.jar.has("accessToken")).toBe(false);
  });
});
