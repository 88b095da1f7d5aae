// Entry of the lotto feature: the round lists, the slip builder, the member's slips; and what the features built
// on lotto (yeekee, number sets, results, the back office) need of it: the lotto API, drafts, the names of
// families, options and rounds in the player's language, the countdown. Tools of other features reach the builder
// and the slip list through the SlipToolsProps and PoyToolsProps slots, which the routes fill.
export { cleanEntry } from "./builder.ts";
export { Countdown } from "./Countdown.tsx";
export { loadDraft, newDraft, saveDraft } from "./drafts.ts";
export {
  fetchFourDigit,
  fetchLatest,
  fetchRoundBook,
  type Poy,
  type PoyLine,
  type Round,
} from "./lottoApi.ts";
export {
  FAMILY_TEXT,
  lottoErrorText,
  OPTION_TEXT,
  optionText,
  roundName,
  wireOptionText,
} from "./messages.ts";
export { PoyCard, PoyPage, type PoyToolsProps } from "./PoyPage.tsx";
export { FamilyPage, FourDigitPage, LottoPage } from "./RoundsPage.tsx";
export { SlipBuilderPage, type SlipToolsProps } from "./SlipBuilderPage.tsx";
