/**
 * Every contract between the app and the server, defined once (docs/architecture.md "Contracts"): request schemas
 * (valibot, built from src/domain/text.ts), answer types, error codes, and the limits both sides keep. The server
 * parses with these schemas and types its answers with these types; the app sends and reads the same.
 */
export * from "./common.ts";
export * from "./errors.ts";
export * from "./lotto.ts";
export * from "./money.ts";
export * from "./notifications.ts";
