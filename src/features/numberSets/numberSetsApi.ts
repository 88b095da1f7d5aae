import { getJson, postJson, poyApi } from "../../lib/api.ts";

/** docs/results-api.md "Number sets": a member's saved lines (docs/rules.md "Field names": `poyListJson`). */
export interface NumberSetLine {
  /** Wire name (teng_bon_3 …). */
  option: string;
  number: string;
  /** Baht string. */
  price: string;
}

export interface NumberSet {
  id: string;
  name: string;
  poyListJson: NumberSetLine[];
  lineCount: number;
  createdAt: string;
  updatedAt: string;
}

/** Most sets a member keeps, most lines in one, longest name (the server's limits, for the forms). */
export const NUMBER_SET_MAX = { sets: 50, lines: 1000, name: 60 } as const;

export const fetchNumberSets = async () =>
  (await getJson<{ items: NumberSet[] }>(poyApi, "number-sets")).items;

export const createNumberSet = async (name: string, poyListJson: NumberSetLine[]) =>
  (await postJson<{ item: NumberSet }>(poyApi, "number-sets.create", { name, poyListJson })).data.item;

export const renameNumberSet = async (id: string, name: string) =>
  (await postJson<{ item: NumberSet }>(poyApi, "number-sets.rename", { id, name })).data.item;

export const deleteNumberSet = async (id: string) => {
  await postJson<{ id: string; deleted: boolean }>(poyApi, "number-sets.delete", { id });
};
