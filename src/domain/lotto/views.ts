import type { LottoFamily } from "./options.ts";

/**
 * What the lotto calls answer (docs/lotto-api.md, docs/results-api.md), as every page that shows rounds or slips
 * reads them: the round lists and the builder, yeekee shooting, number sets, results, the back office.
 */

export interface Round {
  betId: number;
  betName: string;
  betGroup: LottoFamily;
  betType: string;
  name: string;
  nameEn: string;
  dt: string;
  closeTime: string;
  active: boolean;
  status: string;
  roundNo: number | null;
  market: string | null;
  flag: string | null;
  unixTimeStamp: { realCloseTime: number; realResultTime: number };
  betOptions: string[];
}

export type LatestLists = Record<Exclude<LottoFamily, "set4">, Round[]> & { set4?: Round[] };

export interface FourDigitLatest {
  hanoy: Round | null;
  lao: Round | null;
  laoSuper: Round | null;
  malay: Round | null;
}

export interface PoyLine {
  option: string;
  number: string;
  price: string;
  multiply: string;
  status: string;
  potentialWin: string;
  /** What the line won (baht) once judged; null while waiting and for a line that did not win. */
  payout?: string | null;
}

/** The result a decided slip was judged on (docs/results-api.md "Slips after the result"). */
export interface PoyResult {
  top3: string | null;
  top2: string | null;
  bottom2: string | null;
  front3: string[] | null;
  back3: string[] | null;
  four: string | null;
}

export interface Poy {
  id: string;
  betId: number;
  betGroup: LottoFamily;
  betType: string;
  /** The create-call name of a 4-digit lottery (hanoy, lao, lao-super, malay), else the family or market. */
  betName: string;
  /** Interval rounds' number in their day (yeekee 1–88 …), else null. */
  roundNo: number | null;
  roundName: string;
  roundNameEn: string;
  status: string;
  total: string;
  potentialWin: string;
  lineCount: number;
  lines: PoyLine[];
  cancellable: boolean;
  cancelUntil: string | null;
  createdAt: string;
  /** Total won (baht) once the slip is decided. */
  payout?: string | null;
  result?: PoyResult | null;
}
