import { type APIRequestContext, expect } from "@playwright/test";
import { E2E_APPROVER, E2E_STAFF } from "./constants.ts";
import { APP_HEADERS, tokenOf } from "./session.ts";

// One back-office login per worker: staff logins are rate limited (10 per 15 minutes).
let token: string | null = null;

/** The back office's authorization header for API calls in tests (an administrator). */
export async function staffHeaders(request: APIRequestContext): Promise<{ authorization: string }> {
  if (!token) {
    const login = await request.post("/api/staff/login", {
      headers: APP_HEADERS,
      data: { userName: E2E_STAFF.userName, password: E2E_STAFF.password },
    });
    expect(login.status()).toBe(200);
    token = tokenOf(login);
  }
  return { authorization: `Bearer ${token}` };
}

let approverToken: string | null = null;

/** The second administrator's authorization header: the other pair of eyes (docs/security.md). */
export async function approverHeaders(request: APIRequestContext): Promise<{ authorization: string }> {
  if (!approverToken) {
    const login = await request.post("/api/staff/login", {
      headers: APP_HEADERS,
      data: { userName: E2E_APPROVER.userName, password: E2E_APPROVER.password },
    });
    expect(login.status()).toBe(200);
    approverToken = tokenOf(login);
  }
  return { authorization: `Bearer ${approverToken}` };
}

/**
 * A staff action made as E2E_STAFF, carried through: when it answers 202 (a proposal waiting for a second staff
 * member: every balance adjustment, a payment above the threshold), the second administrator confirms it.
 */
export async function staffActAndConfirm(
  request: APIRequestContext,
  path: string,
  data: unknown,
): Promise<void> {
  const res = await request.post(path, { headers: await staffHeaders(request), data });
  expect([200, 202], await res.text()).toContain(res.status());
  if (res.status() === 202) {
    const confirmed = await request.post("/api/staff/proposals.confirm", {
      headers: await approverHeaders(request),
      data: { id: (await res.json()).proposal.id },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  }
}

/** The server's ledger invariants hold (the same check as `npm run ledger:check`), asked as staff. */
export async function expectLedgerSound(request: APIRequestContext): Promise<void> {
  const res = await request.get("/api/staff/ledger.check", { headers: await staffHeaders(request) });
  expect(await res.json()).toEqual({ sound: true, problems: [] });
}
