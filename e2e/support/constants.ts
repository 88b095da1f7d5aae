/** The LINE stand-in's settings, shared by playwright.config.ts and the stand-in itself. */
export const LINE_STAND_IN = {
  port: Number(process.env.LINE_STAND_IN_PORT ?? 4311),
  channelId: "1650000000",
  channelSecret: "e2e-line-channel-secret",
};
