import { describe, expect, it } from "vitest";
import { createKeyKeeper } from "./idempotency.ts";

describe("idempotency keys", () => {
  it("keeps the key across retries of the same request, and makes a new one for another", () => {
    let n = 0;
    const keys = createKeyKeeper(() => `key-${++n}`);
    expect(keys.keyFor("bank1|100.00")).toBe("key-1");
    expect(keys.keyFor("bank1|100.00")).toBe("key-1");
    expect(keys.keyFor("bank1|200.00")).toBe("key-2");
    expect(keys.keyFor("bank1|200.00")).toBe("key-2");
    keys.done();
    expect(keys.keyFor("bank1|200.00")).toBe("key-3");
  });

  it("makes keys the server accepts (8-100 characters of [\\w:.-])", () => {
    const key = createKeyKeeper().keyFor("x");
    expect(key).toMatch(/^[\w:.-]{8,100}$/);
  });
});
