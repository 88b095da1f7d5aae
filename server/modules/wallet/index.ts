import type { FastifyInstance } from "fastify";
import type { ModuleBase } from "../../kernel/module.ts";
import { defaultPaymentProviders, type PaymentProviders } from "../../providers/payments.ts";
import { balanceRoutes } from "./balances.ts";
import { bankRoutes } from "./banks.ts";
import { depositRoutes } from "./depositRoutes.ts";
import { expireDeposits } from "./deposits.ts";
import { staffWalletRoutes } from "./staffWallet.ts";
import { statementRoutes } from "./statements.ts";
import { withdrawalRoutes } from "./withdrawals.ts";

/**
 * The wallet (docs/wallet-api.md, docs/rules.md "Money"): balances, bank accounts, deposits by every channel,
 * withdrawals, statements and turnover, and the back office's money desk.
 *
 * What it owns: the request rows (member_banks, receiving_accounts, deposits, bank_statement_lines, withdrawals,
 * staff_proposals); money itself moves only through the ledger (server/ledger), each row pointing at its transfer.
 * Invariants it keeps, and where they are checked:
 * - a deposit is credited once: one DEPOSIT transfer keyed `deposit:<id>` (deposits.ts creditDeposit), whoever
 *   approves it and however often;
 * - one waiting unique amount per receiving account, one waiting fast/QR/crypto request and one waiting withdrawal
 *   per member: partial unique indexes (migration 0004), the code only says so first;
 * - a withdrawal is a hold posted or voided once (withdrawals.ts), its limits checked under the member row's lock;
 * - above FOUR_EYES_THRESHOLD_BAHT, and for every override, adjustment and holder verification, nothing moves
 *   until a second staff member confirms (fourEyes.ts; CHECK confirmed_by <> proposed_by).
 */
export interface WalletOptions {
  /** Bank verification, TrueMoney and crypto; default: the demo providers in demo mode, none in production. */
  payments?: PaymentProviders | undefined;
}

/** Unique amounts expire even when nobody looks at them, so their satang are free for others. */
export const DEPOSIT_EXPIRY_INTERVAL_MS = 60_000;

export default async function walletModule(app: FastifyInstance, deps: ModuleBase & WalletOptions) {
  const walletDeps = {
    config: deps.config,
    database: deps.database,
    payments: deps.payments ?? defaultPaymentProviders(deps.config.mode),
  };
  await balanceRoutes(app, walletDeps);
  await bankRoutes(app, walletDeps);
  await depositRoutes(app, walletDeps);
  await withdrawalRoutes(app, walletDeps);
  await statementRoutes(app, walletDeps);
  await staffWalletRoutes(app, walletDeps);
  deps.jobs.add({
    name: "deposit expiry",
    intervalMs: DEPOSIT_EXPIRY_INTERVAL_MS,
    // The first sweep waits an interval, as the timer it replaces did: start-up has the database first.
    atStart: false,
    run: async () => {
      await expireDeposits(deps.database.db);
    },
  });
}
