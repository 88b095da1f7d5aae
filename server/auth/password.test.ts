import { randomBytes, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  BoundedPool,
  hashPassword,
  needsRehash,
  pinHashPool,
  verifyAgainstDummy,
  verifyPassword,
} from "./password.ts";

/** A stored value at other (cheaper) parameters, as an older version of the server might have written. */
function legacyHash(plain: string, log2N: number, r: number, p: number): string {
  const salt = randomBytes(16);
  const hash = scryptSync(plain, salt, 64, { N: 2 ** log2N, r, p, maxmem: 256 * 1024 * 1024 });
  return `scrypt$${log2N}$${r}$${p}$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

describe("password hashing (scrypt)", () => {
  it("verifies the password it hashed, in the documented format", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(stored).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
  });

  it("rejects a wrong password", async () => {
    const stored = await hashPassword("รหัสผ่าน-1234");
    expect(await verifyPassword("รหัสผ่าน-1235", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salts: two hashes of the same password differ and both verify", async () => {
    const [a, b] = await Promise.all([hashPassword("same"), hashPassword("same")]);
    expect(a).not.toBe(b);
    expect(await verifyPassword("same", a)).toBe(true);
    expect(await verifyPassword("same", b)).toBe(true);
  });

  it("returns false (does not throw) for malformed stored values", async () => {
    const good = await hashPassword("pw");
    const [, , , , salt, hash] = good.split("$");
    const malformed = [
      "",
      "plain-text-password",
      "$2b$10$abcdefghijklmnopqrstuuYz0123456789abcdefghijklmnopqrs",
      `argon2$17$8$1$${salt}$${hash}`,
      `scrypt$17$8$1$${salt}`,
      `scrypt$17$8$1$${salt}$${hash}$extra`,
      `scrypt$x$8$1$${salt}$${hash}`,
      `scrypt$017$8$1$${salt}$${hash}`,
      `scrypt$40$8$1$${salt}$${hash}`, // absurd cost
      `scrypt$17$0$1$${salt}$${hash}`,
      `scrypt$17$8$1$$${hash}`,
      `scrypt$17$8$1$${salt}$`,
      `scrypt$17$8$1$${salt}$${hash}=`,
      `scrypt$17$8$1$${salt}$${hash?.slice(0, 20)}`, // too short a key
      `scrypt$17$8$1$${salt?.replace(/^./, "+")}$${hash}`,
      `scrypt$17$8$1$AAAA$${hash}`, // salt too short
    ];
    for (const stored of malformed) expect(await verifyPassword("pw", stored), stored).toBe(false);
    // biome-ignore lint/suspicious/noExplicitAny: a caller outside TypeScript could pass anything
    expect(await verifyPassword("pw", null as any)).toBe(false);
  });

  it("verifyAgainstDummy resolves false and costs about as much as a real verification", async () => {
    const stored = await hashPassword("pw");
    const t0 = performance.now();
    expect(await verifyPassword("pw", stored)).toBe(true);
    const real = performance.now() - t0;
    const t1 = performance.now();
    expect(await verifyAgainstDummy("pw")).toBe(false);
    const dummy = performance.now() - t1;
    // Loose bounds: only that the dummy does the real scrypt work, not a shortcut.
    expect(dummy).toBeGreaterThan(real / 4);
  });

  it("verifies hashes at older parameters and asks for a rehash", async () => {
    const old = legacyHash("pw", 14, 8, 1);
    expect(await verifyPassword("pw", old)).toBe(true);
    expect(await verifyPassword("px", old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(legacyHash("pw", 17, 4, 1))).toBe(true);
    expect(needsRehash(await hashPassword("pw"))).toBe(false);
    expect(needsRehash("not a hash")).toBe(true);
  });
});

describe("the PIN hashing pool", () => {
  /** A job that runs until the test lets it finish, and says when it started. */
  function controllable() {
    let finish = () => {};
    let started = false;
    const job = () =>
      new Promise<string>((resolve) => {
        started = true;
        finish = () => resolve("done");
      });
    return { job, finish: () => finish(), started: () => started };
  }

  it("runs at most its concurrency at once, queues up to its bound and refuses the rest with 503 SERVER_BUSY", async () => {
    const pool = new BoundedPool(2, 2);
    const jobs = Array.from({ length: 4 }, controllable);
    const results = jobs.map((j) => pool.run(j.job));
    await Promise.resolve();
    expect(jobs.map((j) => j.started())).toEqual([true, true, false, false]);
    expect([pool.active, pool.queued]).toEqual([2, 2]);
    await expect(pool.run(controllable().job)).rejects.toMatchObject({
      status: 503,
      code: "SERVER_BUSY",
      message: "The server is busy. Please try again in a moment.",
    });
    jobs[0]?.finish();
    await results[0];
    // The freed slot went to the first waiting job; still two at once.
    expect(jobs.map((j) => j.started())).toEqual([true, true, true, false]);
    expect([pool.active, pool.queued]).toEqual([2, 1]);
    for (const j of jobs.slice(1)) {
      await new Promise((r) => setImmediate(r));
      j.finish();
    }
    expect(await Promise.all(results)).toEqual(["done", "done", "done", "done"]);
    expect([pool.active, pool.queued]).toEqual([0, 0]);
  });

  it("frees the slot of a job that fails", async () => {
    const pool = new BoundedPool(1, 0);
    await expect(pool.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await pool.run(async () => "next")).toBe("next");
  });

  it("is what every PIN hash and verification goes through: two at once, 32 waiting", async () => {
    expect([pinHashPool.concurrency, pinHashPool.maxQueued]).toEqual([2, 32]);
    const running = Promise.all([hashPassword("a"), verifyAgainstDummy("b"), hashPassword("c")]);
    expect([pinHashPool.active, pinHashPool.queued]).toEqual([2, 1]);
    await running;
    expect([pinHashPool.active, pinHashPool.queued]).toEqual([0, 0]);
  });
});
