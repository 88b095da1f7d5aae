import { formatBaht } from "../lib/format.ts";

/** A baht amount from the server ("1234.56") as players read it: "฿1,234.56", never wrapped. */
export function Money({ value, sign = false }: { value: string | null | undefined; sign?: boolean }) {
  return <span className="money">{formatBaht(value, { sign })}</span>;
}
