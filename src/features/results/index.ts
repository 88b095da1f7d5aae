// Entry of the results feature: /results, public (guests too).
export { ResultsPage } from "./ResultsPage.tsx";
