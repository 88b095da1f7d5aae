import { type APIRequestContext, expect } from "@playwright/test";
import { E2E_STAFF } from "./constants.ts";

// One back-office login per worker: staff logins are rate limited (10 per 15 minutes).
let token: string | null = null;

/** The back office's authorization header for API calls in tests (an administrator). */
export async function staffHeaders(request: APIRequestContext): Promise<{ authorization: string }> {
  if (!token) {
    const login = await request.post("/api/staff/login", {
      data: { userName: E2E_STAFF.userName, password: E2E_STAFF.password },
    });
    expect(login.status()).toBe(200);
    token = login.headers().auth ?? null;
  }
  return { authorization: `Bearer ${token}` };
}

/** The server's ledger invariants hold (the same check as `npm run ledger:check`), asked as staff. */
export async function expectLedgerSound(request: APIRequestContext): Promise<void> {
  const res = await request.get("/api/staff/ledger.check", { headers: await staffHeaders(request) });
  expect(await res.json()).toEqual({ sound: true, problems: [] });
}
