/** The LINE stand-in's settings, shared by playwright.config.ts and the stand-in itself. */
export const LINE_STAND_IN = {
  port: Number(process.env.LINE_STAND_IN_PORT ?? 4311),
  channelId: "1650000000",
  channelSecret: "e2e-line-channel-secret",
};

/** A back-office account created on the end-to-end database before the server starts (pays withdrawals). */
export const E2E_STAFF = {
  userName: "e2estaff",
  password: "E2e#Staff-Pass-2026",
};

/** A second back-office account (role staff, same password): confirms the results E2E_STAFF enters. */
export const E2E_CHECKER = {
  userName: "e2echecker",
  password: E2E_STAFF.password,
};

/** A second administrator (same password): confirms the adjustments and payments E2E_STAFF proposes (four eyes). */
export const E2E_APPROVER = {
  userName: "e2eapprover",
  password: E2E_STAFF.password,
};
