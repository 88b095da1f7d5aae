import { detectMobile } from "../lib/device.ts";
import { atom } from "../lib/store.ts";

export const isMobileAtom = atom<boolean>(typeof navigator === "undefined" ? false : detectMobile());
/** The drawer is open by default on wide (non-mobile) screens. */
export const drawerOpenAtom = atom<boolean>(typeof navigator === "undefined" ? true : !detectMobile());
/** True while the user store loads: the full-screen waiting overlay covers the app. */
export const userStoreLoadingAtom = atom<boolean>(true);
