// Entry of the wallet feature: deposits by every channel, withdrawals, statements, turnover, the member's bank
// accounts. The live balance and the money-update socket are the kernel's (src/lib/realtime.ts).
export { AddBankPage } from "./AddBankPage.tsx";
export { BankStatusPage } from "./BankStatusPage.tsx";
export { CreditStatusPage } from "./CreditStatusPage.tsx";
export { CryptoDepositPage, CryptoQueuePage } from "./CryptoDepositPage.tsx";
export { DepositChannelsPage } from "./DepositChannelsPage.tsx";
export { FastDepositPage, FastQueuePage } from "./FastDepositPage.tsx";
export { NormalDepositPage } from "./NormalDepositPage.tsx";
export { QrDepositPage, QrHistoryPage } from "./QrDepositPage.tsx";
export { StatementPage } from "./StatementPage.tsx";
export { TrueMoneyPage } from "./TrueMoneyPage.tsx";
export { TurnoverPage } from "./TurnoverPage.tsx";
export { WithdrawPage } from "./WithdrawPage.tsx";
