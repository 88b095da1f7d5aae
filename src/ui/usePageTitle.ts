import { useEffect } from "react";
import { formatPageTitle } from "../lib/title.ts";

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
}
