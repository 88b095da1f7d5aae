import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

const HOWTO_SOURCES = ["src/features/content/howtoGuides.ts", "src/features/content/HowTo*.tsx"];
// Pages a first visit does not need; see src/features/content/pagesCatalog.ts.
const PAGES_SOURCES = [
  "src/features/profile/**",
  "src/features/wallet/**",
  "src/features/lotto/**",
  "src/features/yeekee/**",
  "src/features/results/**",
  "src/features/numberSets/**",
  "src/features/push/**",
  "src/features/auth/RegisterPage.tsx",
  "src/features/auth/ForgotPinPage.tsx",
  "src/features/auth/ForgotPinSteps.tsx",
  "src/features/auth/DemoSmsInbox.tsx",
  "src/features/auth/PasswordChecklist.tsx",
  "src/features/auth/accountMessages.ts",
  "src/features/auth/MainPage.tsx",
  "src/features/auth/LineCallbackPage.tsx",
  "src/features/pwa/DownloadPage.tsx",
  "src/features/pwa/InstallCard.tsx",
  "src/features/content/MaintenancePage.tsx",
  // The page kit's texts: only pages that load this catalog use these parts of src/ui.
  "src/ui/AmountField.tsx",
  "src/ui/CopyButton.tsx",
  "src/ui/DemoBox.tsx",
  "src/ui/Load.tsx",
  "src/ui/NumberPad.tsx",
];

// The back office (/staff): loaded only with its route, never by members.
const STAFF_SOURCES = ["src/features/staff/**"];

// The games lobby and launch pages (/games, /game/…, /live/casino): loaded with the games routes only.
const GAMES_SOURCES = ["src/features/games/**"];

// LOTTOUP Originals' game pages (/external/originals/…), framed by the lobby: loaded with those routes only.
const ORIGINALS_SOURCES = ["src/features/originals/**"];

// Internal catalog codes are BCP-47 (km, my); the user-facing codes kh and mm are mapped in src/lib/i18n.
export default defineConfig({
  sourceLocale: "en",
  locales: ["th", "en", "km", "my"],
  fallbackLocales: { default: "th" },
  // The shell's catalog loads before the first paint; the how-to guides' and the other pages' with their routes.
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}/messages",
      include: ["src"],
      exclude: [
        "**/node_modules/**",
        "src/domain/**",
        "**/*.test.ts",
        ...HOWTO_SOURCES,
        ...PAGES_SOURCES,
        ...STAFF_SOURCES,
        ...GAMES_SOURCES,
        ...ORIGINALS_SOURCES,
      ],
    },
    {
      path: "<rootDir>/src/locales/{locale}/pages",
      include: PAGES_SOURCES,
    },
    {
      path: "<rootDir>/src/locales/{locale}/howto",
      include: HOWTO_SOURCES,
    },
    {
      path: "<rootDir>/src/locales/{locale}/staff",
      include: STAFF_SOURCES,
    },
    {
      path: "<rootDir>/src/locales/{locale}/games",
      include: GAMES_SOURCES,
    },
    {
      path: "<rootDir>/src/locales/{locale}/originals",
      include: ORIGINALS_SOURCES,
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: "messageId",
});
