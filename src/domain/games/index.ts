/**
 * The LOTTOUP Originals' rules: provably fair randomness and three games on it, pure (no DOM, no Node, no I/O),
 * used by the app to play and verify and by the server to settle. No function here takes or sees who is betting:
 * an outcome depends only on the seeds, the nonce and the bet.
 */
export * from "./baccarat.ts";
export * from "./dice.ts";
export * from "./fair.ts";
export * from "./games.ts";
export * from "./slot.ts";
