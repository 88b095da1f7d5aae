import { atom } from "jotai";
import type { UserLocale } from "../domain/locale.ts";
import { activateLocale, storedLocale } from "./i18n.ts";
import { appStore } from "./store.ts";

export const localeAtom = atom<UserLocale>(typeof localStorage === "undefined" ? "th" : storedLocale());

/** Switches the language at once (catalog chunk loaded on demand) and remembers it for the next visit. */
export async function changeLocale(locale: UserLocale): Promise<void> {
  await activateLocale(locale);
  appStore.set(localeAtom, locale);
}
