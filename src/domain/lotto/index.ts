/** The shared rules of lotto betting: pure, no DOM, no Node, no I/O; used by the app and the server alike. */
export * from "./carry.ts";
export * from "./conflicts.ts";
export * from "./decimal.ts";
export * from "./helpers.ts";
export * from "./judge.ts";
export * from "./listing.ts";
export * from "./options.ts";
export * from "./ordering.ts";
export * from "./payloads.ts";
export * from "./rates.ts";
export * from "./rounds.ts";
export * from "./slip.ts";
export * from "./yeekee.ts";
