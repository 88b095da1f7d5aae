import { appStore, atom } from "../lib/store.ts";
import { throttle } from "../lib/throttle.ts";

/** docs/rules.md "Timings". */
export const SNACKBAR_THROTTLE_MS = 500;
export const SNACKBAR_DEFAULT_TIMEOUT_MS = 1500;

export type SnackbarColor = "success" | "error" | "info";

export interface SnackbarState {
  show: boolean;
  txt: string;
  color: SnackbarColor;
  /** When true, txt is HTML and is sanitised before it is shown. */
  isHtml: boolean;
  timeout: number;
  /** Changes on every show, so the same message twice restarts its timer. */
  seq: number;
}

export const snackbarAtom = atom<SnackbarState>({
  show: false,
  txt: "",
  color: "success",
  isHtml: false,
  timeout: SNACKBAR_DEFAULT_TIMEOUT_MS,
  seq: 0,
});

export interface SnackbarInput {
  txt: string;
  color?: SnackbarColor;
  isHtml?: boolean;
  timeout?: number;
}

const openThrottled = throttle((input: SnackbarInput) => {
  const prev = appStore.get(snackbarAtom);
  appStore.set(snackbarAtom, {
    show: true,
    txt: input.txt,
    color: input.color ?? "success",
    isHtml: input.isHtml ?? false,
    timeout: input.timeout ?? SNACKBAR_DEFAULT_TIMEOUT_MS,
    seq: prev.seq + 1,
  });
}, SNACKBAR_THROTTLE_MS);

export function showSnackbar(input: SnackbarInput): void {
  openThrottled(input);
}

export function closeSnackbar(): void {
  const prev = appStore.get(snackbarAtom);
  if (prev.show) appStore.set(snackbarAtom, { ...prev, show: false });
}
