import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

const HOWTO_SOURCES = ["src/features/content/howtoGuides.ts", "src/features/content/HowTo*.tsx"];

// Internal catalog codes are BCP-47 (km, my); the user-facing codes kh and mm are mapped in src/lib/i18n.
export default defineConfig({
  sourceLocale: "en",
  locales: ["th", "en", "km", "my"],
  fallbackLocales: { default: "th" },
  // Two catalogs: the shell's (loaded before the first paint) and the how-to guides' (loaded with their routes).
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}/messages",
      include: ["src"],
      exclude: ["**/node_modules/**", "src/domain/**", "**/*.test.ts", ...HOWTO_SOURCES],
    },
    {
      path: "<rootDir>/src/locales/{locale}/howto",
      include: HOWTO_SOURCES,
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: "messageId",
});
