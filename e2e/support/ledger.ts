import { type APIRequestContext, expect } from "@playwright/test";
import { E2E_STAFF } from "./constants.ts";

// One back-office login per worker: staff logins are rate limited (10 per 15 minutes).
let token: string | null = null;

/** The server's ledger invariants hold (the same check as `npm run ledger:check`), asked as staff. */
export async function expectLedgerSound(request: APIRequestContext): Promise<void> {
  if (!token) {
    const login = await request.post("/api/staff/login", {
      data: { userName: E2E_STAFF.userName, password: E2E_STAFF.password },
    });
    expect(login.status()).toBe(200);
    token = login.headers().auth ?? null;
  }
  const res = await request.get("/api/staff/ledger.check", { headers: { authorization: `Bearer ${token}` } });
  expect(await res.json()).toEqual({ sound: true, problems: [] });
}
