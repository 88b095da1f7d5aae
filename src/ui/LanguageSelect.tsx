import { useLingui } from "@lingui/react/macro";
import { LOCALE_NATIVE_NAMES, resolveUserLocale, USER_LOCALES } from "../domain/locale.ts";
import { changeLocale, localeAtom } from "../lib/localeState.ts";
import { useAtomValue } from "../lib/store.ts";

export function LanguageSelect() {
  const { t } = useLingui();
  const locale = useAtomValue(localeAtom);
  return (
    <select
      className="language-select"
      aria-label={t`Language`}
      value={locale}
      onChange={(event) => void changeLocale(resolveUserLocale(event.target.value))}
    >
      {USER_LOCALES.map((code) => (
        <option key={code} value={code} lang={code === "kh" ? "km" : code === "mm" ? "my" : code}>
          {LOCALE_NATIVE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}
