import { number, object, string } from "valibot";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type MemoryStorage, stubStorage } from "../test/storage.ts";
import { read, readText, remove, storageProblemAtom, write, writeText } from "./storage.ts";
import { STORAGE_KEYS } from "./storageKeys.ts";
import { appStore } from "./store.ts";

const Balance = object({ uuid: string(), balance: string() });

describe("the storage module", () => {
  let local: MemoryStorage;
  beforeEach(() => {
    local = stubStorage().local;
    appStore.set(storageProblemAtom, null);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps values under the table's names and reads them back through a schema", () => {
    expect(write(STORAGE_KEYS.balance, { uuid: "u1", balance: "12.00" })).toBe(true);
    expect(local.getItem("balance")).toBe('{"uuid":"u1","balance":"12.00"}');
    expect(read(STORAGE_KEYS.balance, Balance)).toEqual({ uuid: "u1", balance: "12.00" });
  });

  it("reads a damaged or outdated value as nothing instead of breaking the page", () => {
    local.setItem("balance", "{not json");
    expect(read(STORAGE_KEYS.balance, Balance)).toBeNull();
    local.setItem("balance", '{"uuid":"u1","balance":12}');
    expect(read(STORAGE_KEYS.balance, Balance)).toBeNull();
    expect(read(STORAGE_KEYS.installVisits, number())).toBeNull();
  });

  it("keeps one entry per id for per-round keys", () => {
    write(STORAGE_KEYS.yingReceipts, [1], 7);
    write(STORAGE_KEYS.yingReceipts, [2], 8);
    expect(local.getItem("ying-receipts:7")).toBe("[1]");
    expect(local.getItem("ying-receipts:8")).toBe("[2]");
  });

  it("moves a value an older build kept under another name, once", () => {
    local.setItem("pushDeviceId", "device-1234");
    expect(readText(STORAGE_KEYS.pushDeviceId)).toBe("device-1234");
    expect(local.getItem("push-device-id")).toBe("device-1234");
    expect(local.getItem("pushDeviceId")).toBeNull();
    remove(STORAGE_KEYS.pushDeviceId);
    expect(readText(STORAGE_KEYS.pushDeviceId)).toBeNull();
  });

  it("turns a full or refused storage into state instead of throwing", () => {
    vi.spyOn(local, "setItem").mockImplementation(() => {
      throw Object.assign(new Error("full"), { name: "QuotaExceededError" });
    });
    expect(writeText(STORAGE_KEYS.locale, "en")).toBe(false);
    expect(appStore.get(storageProblemAtom)).toEqual({ name: "locale", reason: "full" });
    vi.mocked(local.setItem).mockRestore();
    expect(writeText(STORAGE_KEYS.locale, "en")).toBe(true);
    expect(appStore.get(storageProblemAtom)).toBeNull();
  });

  it("works without any storage (private mode): reads nothing, says writes were refused", () => {
    vi.stubGlobal("localStorage", undefined);
    expect(readText(STORAGE_KEYS.locale)).toBeNull();
    expect(writeText(STORAGE_KEYS.locale, "th")).toBe(false);
    expect(appStore.get(storageProblemAtom)).toEqual({ name: "locale", reason: "unavailable" });
  });
});
