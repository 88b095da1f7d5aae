// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { domHarness } from "../test/dom.tsx";
import { ApiError } from "./api.ts";
import type { ErrorWording } from "./messages.ts";
import { type Submit, useSubmit } from "./submit.ts";

// The one submit hook as a form uses it: pending while sending, the answer's code under its field or over the form
// in the feature's wording, and an idempotency key that survives a lost answer but not an answered one.

const dom = domHarness();
const wording: ErrorWording = (_i18n, error) => `worded ${(error as ApiError).code}`;

let form: Submit<"amount"> | null = null;
function Form() {
  form = useSubmit<"amount">({
    errorText: wording,
    fieldOf: (e) => (e.code === "AMOUNT_INVALID" ? "amount" : null),
  });
  return null;
}
const current = () => form as Submit<"amount">;
const run = async (work: (key: string) => Promise<unknown>, fingerprint?: string) => {
  let ok = false;
  await act(async () => {
    ok = await current().run(work, { fingerprint });
  });
  return ok;
};

afterEach(() => {
  form = null;
});

describe("useSubmit", () => {
  it("is pending while the work runs, and ignores a second run meanwhile", async () => {
    await dom.render(<Form />);
    let finish: () => void = () => undefined;
    const work = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    let first: Promise<boolean> = Promise.resolve(false);
    await act(async () => {
      first = current().run(work);
    });
    expect(current().pending).toBe(true);
    await act(async () => {
      expect(await current().run(work)).toBe(false);
    });
    expect(work).toHaveBeenCalledTimes(1);
    await act(async () => {
      finish();
      await first;
    });
    expect(current().pending).toBe(false);
  });

  it("puts a refusal under the field its code names, else over the form, in the feature's wording", async () => {
    await dom.render(<Form />);
    expect(await run(() => Promise.reject(new ApiError(400, "AMOUNT_INVALID", "")))).toBe(false);
    expect(current().fieldError("amount")).toBe("worded AMOUNT_INVALID");
    expect(current().error).toBeNull();
    await run(() => Promise.reject(new ApiError(409, "DEPOSIT_WAITING", "")));
    expect(current().error?.()).toBe("worded DEPOSIT_WAITING");
    expect(current().fieldError("amount")).toBeUndefined();
  });

  it("keeps the idempotency key across a lost answer, and makes a new one once the server answered", async () => {
    await dom.render(<Form />);
    const keys: string[] = [];
    const lost = (key: string) => {
      keys.push(key);
      return Promise.reject(new ApiError(0, "NETWORK", "offline"));
    };
    await run(lost, "100.00");
    await run(lost, "100.00");
    expect(keys[0]).toBe(keys[1]);
    const refused = (key: string) => {
      keys.push(key);
      return Promise.reject(new ApiError(400, "DEPOSIT_RANGE", ""));
    };
    await run(refused, "100.00");
    expect(keys[2]).toBe(keys[0]);
    await run(async (key) => keys.push(key), "100.00");
    expect(keys[3]).not.toBe(keys[0]);
    // Another payload is another request.
    await run(async (key) => keys.push(key), "200.00");
    expect(keys[4]).not.toBe(keys[3]);
  });

  it("shows problems found before sending and clears them on the next run", async () => {
    await dom.render(<Form />);
    act(() => current().fail({ fields: { amount: () => "too small" } }));
    expect(current().fieldError("amount")).toBe("too small");
    await run(async () => undefined);
    expect(current().fieldError("amount")).toBeUndefined();
  });
});
