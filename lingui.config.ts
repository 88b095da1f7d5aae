import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

// Internal catalog codes are BCP-47 (km, my); the user-facing codes kh and mm are mapped in src/lib/i18n.
export default defineConfig({
  sourceLocale: "en",
  locales: ["th", "en", "km", "my"],
  fallbackLocales: { default: "th" },
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}/messages",
      include: ["src"],
      exclude: ["**/node_modules/**", "src/domain/**", "**/*.test.ts"],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: "messageId",
});
