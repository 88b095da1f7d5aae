import type { ColumnType, Generated } from "kysely";
import type { SecurityEventType } from "../../src/domain/securityEvents.ts";

/** Kysely table types. Keep in step with server/db/migrations. */

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface AgentsTable {
  id: number;
  name: string;
  ref_uid: number;
  created_at: CreatedAt;
}

export interface LocaleCentreAgentsTable {
  locale: string;
  agent_id: number;
  ref_uid: number;
}

export interface SiteDetailsTable {
  domain: string;
  title: string;
  description: string;
  site_verification: string;
  ga_id: string;
}

export interface AgentSupportsTable {
  agent_id: number;
  active_popup: boolean;
  active_support: boolean;
  office_phone_number: string | null;
  url_bailek: string | null;
  url_popup: string | null;
  url_support: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface MembersTable {
  id: Generated<bigint>;
  uuid: Generated<string>;
  user_name: string;
  password_hash: string;
  phone_number: string | null;
  name: string | null;
  email: string | null;
  avatar: string | null;
  line_id: string | null;
  line_uid: string | null;
  level: Generated<number>;
  /** 0 active; 1 suspended; 2 no credit/bank; 3 no games; 4 no lotto. */
  status: Generated<number>;
  locale: Generated<string>;
  agent_id: number;
  ref_uid: number;
  af_slug: string;
  referred_by: bigint | null;
  refer_url: string | null;
  register_from_domain: string | null;
  slug: string | null;
  employee_slug: string | null;
  failed_login_count: Generated<number>;
  /** When the current run of wrong PINs locked the account; null when no lock is recorded. */
  locked_at: Date | null;
  /** When that lock ends by itself (migration 0010). */
  locked_until: Date | null;
  /** Locks since the last successful login: each one lasts longer (server/modules/accounts/loginLock.ts). */
  lock_count: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SessionsTable {
  id: Generated<string>;
  member_id: bigint;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Date | null;
  user_agent: string | null;
  ip: string | null;
  /** Last use, written at most once a minute: the session ends after a period without use. */
  last_seen_at: Generated<Date>;
}

/** Wrong-PIN counting for user names that match no account, so that their "lock" looks like a real one. */
export interface LoginNameLocksTable {
  user_name: string;
  failed_count: Generated<number>;
  lock_count: Generated<number>;
  locked_until: Date | null;
  updated_at: Generated<Date>;
}

export interface OauthStatesTable {
  state: string;
  provider: string;
  nonce: string;
  code_verifier: string;
  context: unknown;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  /** SHA-256 of the nonce in the starting browser's cookie: the callback must come from that browser. */
  browser_hash: string;
  /** Set when a logged-in member, having confirmed their PIN, is linking LINE to their account. */
  member_id: bigint | null;
}

export interface RateLimitHitsTable {
  bucket: string;
  window_start: Timestamp;
  count: number;
}

export interface SmsOutboxTable {
  id: Generated<bigint>;
  phone_number: string;
  body: string;
  provider: string;
  created_at: Generated<Date>;
  sent_at: Date | null;
}

export interface OtpRequestsTable {
  id: Generated<bigint>;
  member_id: bigint;
  purpose: string;
  ref_code: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface StaffTable {
  id: Generated<bigint>;
  user_name: string;
  password_hash: string;
  role: "administrator" | "super_admin" | "staff";
  active: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface StaffSessionsTable {
  id: Generated<string>;
  staff_id: bigint;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Date | null;
  /** Last use, written at most once a minute: the session ends after a period without use. */
  last_seen_at: Generated<Date>;
}

export interface AuditLogTable {
  id: Generated<bigint>;
  actor: string;
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
  created_at: Generated<Date>;
}

export type StaffProposalKind =
  | "deposit.approve"
  | "deposit.override"
  | "withdrawal.pay"
  | "member.adjust"
  | "member-bank.verify"
  | "receiving-account.save"
  | "game.adjust";

/** A staff action waiting for a second staff member (migration 0012, docs/security.md "Money under four eyes"). */
export interface StaffProposalsTable {
  id: Generated<bigint>;
  kind: StaffProposalKind;
  target: string;
  member_id: bigint | null;
  amount: bigint | null;
  payload: unknown;
  reason: string | null;
  status: Generated<"proposed" | "confirmed" | "rejected">;
  proposed_by: bigint;
  confirmed_by: bigint | null;
  rejected_by: bigint | null;
  reject_reason: string | null;
  transfer_id: bigint | null;
  idempotency_key: string | null;
  created_at: Generated<Date>;
  decided_at: Date | null;
}

export type LedgerAccountKind = "member_cash" | "member_af_cash" | "member_loyalty" | "house" | "clearing";
export type LedgerTransferKind = "posted" | "pending" | "post_pending" | "void_pending";

export interface LedgerAccountsTable {
  id: Generated<bigint>;
  code: string;
  kind: LedgerAccountKind;
  member_id: bigint | null;
  allow_negative: Generated<boolean>;
  balance: Generated<bigint>;
  held: Generated<bigint>;
  created_at: Generated<Date>;
}

export interface LedgerTransfersTable {
  id: Generated<bigint>;
  kind: LedgerTransferKind;
  debit_account_id: bigint;
  credit_account_id: bigint;
  amount: bigint;
  type: string;
  reference: string;
  idempotency_key: string;
  pending_id: bigint | null;
  created_at: Generated<Date>;
}

export interface MemberBanksTable {
  id: Generated<bigint>;
  member_id: bigint;
  bank_code: string;
  account_number: string;
  account_name: string | null;
  status: "pending" | "verified" | "mismatch" | "rejected";
  created_at: Generated<Date>;
  verified_at: Date | null;
}

/** Signed bank feed deliveries seen within the replay window (server/modules/wallet/depositRoutes.ts). */
export interface BankFeedDeliveriesTable {
  signature: string;
  signed_at: Date;
  received_at: Generated<Date>;
}

export interface ReceivingAccountsTable {
  id: Generated<bigint>;
  bank_code: string;
  account_number: string;
  account_name: string;
  promptpay_id: string | null;
  channels: string[];
  active: Generated<boolean>;
  demo: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface DepositsTable {
  id: Generated<bigint>;
  member_id: bigint;
  channel: "normal" | "fast" | "qrcode" | "truemoney" | "crypto";
  receiving_account_id: bigint | null;
  member_bank_id: bigint | null;
  amount: bigint;
  prepare_amount: bigint;
  credited_amount: bigint | null;
  status: "waiting" | "review" | "approved" | "rejected" | "expired" | "cancelled";
  reference: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  deposit_at: Date | null;
  expires_at: Date | null;
  idempotency_key: string;
  transfer_id: bigint | null;
  reason: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: Generated<Date>;
}

export interface BankStatementLinesTable {
  id: Generated<bigint>;
  receiving_account_id: bigint;
  external_id: string;
  amount: bigint;
  occurred_at: Timestamp;
  reference: string | null;
  status: "matched" | "unmatched" | "ignored";
  deposit_id: bigint | null;
  source: string;
  created_at: Generated<Date>;
}

export interface WithdrawalsTable {
  id: Generated<bigint>;
  member_id: bigint;
  member_bank_id: bigint;
  amount: bigint;
  status: "waiting" | "paid" | "rejected";
  hold_transfer_id: bigint;
  resolve_transfer_id: bigint | null;
  idempotency_key: string;
  reason: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: Generated<Date>;
  /** The first withdrawal to a bank account: staff review it before it may be paid (migration 0009). */
  review_required: Generated<boolean>;
  reviewed_by: string | null;
  reviewed_at: Date | null;
}

/** The member's append-only trail of logins and account changes (server/modules/accounts/securityEvents.ts). */
export interface SecurityEventsTable {
  id: Generated<bigint>;
  member_id: bigint;
  type: SecurityEventType;
  detail: ColumnType<Record<string, string>, string | undefined, never>;
  actor: string | null;
  ip: string | null;
  user_agent: string | null;
  device: string | null;
  created_at: Generated<Date>;
}

export type LottoFamilyColumn = "yeekee" | "yeekee5Min" | "pingpong" | "gov" | "stock" | "set4";
export type LottoRoundStatus = "open" | "closed" | "resulted" | "cancelled";
export type PoyStatus = "waiting" | "won" | "lost" | "cancelled" | "refunded";

/** Satang amounts inside jsonb are decimal strings (JSON has no bigint). */
export type RoundRatesJson = Record<string, string>;
export type RoundLimitsJson = Record<string, { min: string; max: string }>;

export interface LottoRoundsTable {
  id: Generated<bigint>;
  family: LottoFamilyColumn;
  bet_type: string;
  name: string;
  name_en: string;
  /** yyyy-mm-dd, Bangkok: the day the round is sold on. */
  round_date: string;
  round_no: number | null;
  market: string | null;
  flag: string | null;
  close_at: Timestamp;
  result_at: Timestamp;
  status: ColumnType<LottoRoundStatus, LottoRoundStatus | undefined, LottoRoundStatus>;
  rates: ColumnType<RoundRatesJson, string, string>;
  limits: ColumnType<RoundLimitsJson, string, string>;
  max_per_option: ColumnType<RoundRatesJson, string, string>;
  created_at: Generated<Date>;
  /** Ping-pong: SHA-256 commitment published at creation; the seed stays secret until the draw. */
  commitment: string | null;
  /** Only rounds created before DRAW_SEED_KEY (migration 0013) and already decided: others derive their seed. */
  seed: string | null;
  /** A pre-0013 seed of an undecided round, encrypted with the draw key (sealLegacySeeds). */
  seed_sealed: string | null;
  /** The result the round's lines were last settled on; settled_at null while settlement has work left. */
  settled_result_id: bigint | null;
  settled_at: Date | null;
  cancel_reason: string | null;
}

export type LottoResultSource = "yeekee" | "pingpong" | "staff" | "feed";
export type LottoResultStatus = "proposed" | "confirmed" | "rejected" | "superseded";

/** src/domain/lotto/judge.ts Outcome, as stored. */
export interface OutcomeJson {
  top3: string;
  bottom2: string;
  front3: string[];
  back3: string[];
  four: string | null;
}

export interface LottoResultsTable {
  id: Generated<bigint>;
  round_id: bigint;
  version: number;
  source: LottoResultSource;
  payload: ColumnType<Record<string, unknown>, string, string>;
  outcome: ColumnType<OutcomeJson, string, string>;
  status: LottoResultStatus;
  entered_by: string;
  confirmed_by: string | null;
  note: string | null;
  created_at: Generated<Date>;
  decided_at: Date | null;
}

/** A reversed win the member's balance could not fully cover (taken + owed = amount). */
export interface LottoShortfallsTable {
  id: Generated<bigint>;
  round_id: bigint;
  line_id: bigint;
  result_id: bigint;
  member_id: bigint;
  amount: bigint;
  taken: bigint;
  owed: bigint;
  transfer_id: bigint | null;
  created_at: Generated<Date>;
}

export interface YingChainsTable {
  round_id: bigint;
  genesis: string;
  head_hash: string;
  shots: ColumnType<number, number | undefined, number>;
  sum: ColumnType<bigint, bigint | undefined, bigint>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface YingsTable {
  id: Generated<bigint>;
  round_id: bigint;
  seq: number;
  member_id: bigint;
  /** Null while the shot is sealed (migration 0013): revealed by the draw. */
  number: string | null;
  hash: string;
  created_at: Generated<Date>;
  /** Revealed with the number; null for shots from before sealing. */
  salt: string | null;
  /** SHA-256 published for the shot (shotCommitment); null for shots from before sealing. */
  commitment: string | null;
  /** The number and salt encrypted with the draw key (drawSecrets.ts) until the draw; then null. */
  sealed: string | null;
}

export interface NumberSetsTable {
  id: Generated<bigint>;
  member_id: bigint;
  name: string;
  poy_list_json: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface LottoRestrictionsTable {
  id: Generated<bigint>;
  round_id: bigint;
  option: string;
  number: string;
  multiply: string;
  set_by: string;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface LottoExposureTable {
  round_id: bigint;
  exposure_key: string;
  payout: ColumnType<bigint, bigint | undefined, bigint>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface PoysTable {
  id: Generated<bigint>;
  member_id: bigint;
  round_id: bigint;
  status: PoyStatus;
  total: bigint;
  idempotency_key: string;
  transfer_id: bigint;
  refund_transfer_id: bigint | null;
  created_at: Generated<Date>;
  cancelled_at: Date | null;
}

export interface PoyLinesTable {
  id: Generated<bigint>;
  poy_id: bigint;
  option: string;
  number: string;
  price: bigint;
  multiply: string;
  batch: number;
  status: PoyStatus;
  payout: bigint | null;
  /** The result the line was judged on (null while waiting, cancelled or refunded). */
  result_id: bigint | null;
}

/** A device a member receives push notifications on (server/db/migrations/0007_push.ts). */
export interface PushTokensTable {
  id: Generated<bigint>;
  member_id: bigint;
  session_id: string;
  device_id: string;
  token: string;
  provider: "firebase" | "local";
  locale: "th" | "en" | "km" | "my";
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type NotificationType =
  | "poy-won"
  | "poy-lost"
  | "round-result"
  | "deposit-approved"
  | "deposit-rejected"
  | "withdrawal-paid"
  | "withdrawal-rejected"
  | "ying-bonus"
  | "name-changed"
  | "phone-changed"
  | "bank-added"
  | "pin-changed"
  | "line-linked";
export type NotificationStatus = "pending" | "sent" | "failed" | "no_device";

/** What the sender handed to the provider for one device. */
export interface NotificationDelivery {
  deviceId: string;
  provider: string;
  data: Record<string, string>;
  result: "sent" | "unregistered" | "error";
}

export interface NotificationOutboxTable {
  id: Generated<bigint>;
  member_id: bigint;
  type: NotificationType;
  params: ColumnType<Record<string, string>, string, string>;
  url: string;
  dedupe_key: string;
  status: ColumnType<NotificationStatus, NotificationStatus | undefined, NotificationStatus>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  last_error: string | null;
  deliveries: ColumnType<NotificationDelivery[] | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  sent_at: Date | null;
}

/** docs/games.md "Data" (migration 0015_games). */
export type GameDialect = "lottoup" | "hub88";
export type GameCategory = "slots" | "table" | "live-casino" | "instant" | "sports";
export type GameTransactionKind = "bet" | "win" | "rollback" | "bonus";
export type GameTransactionState = "done" | "refused" | "tombstone";
export type GameCallbackVerdict = "valid" | "missing" | "invalid" | "expired" | "replayed" | "unchecked";

export interface GameProvidersTable {
  id: Generated<number>;
  code: string;
  name: string;
  dialect: GameDialect | null;
  aggregator_product: string | null;
  enabled: Generated<boolean>;
  categories: ColumnType<string[], string | undefined, string>;
  sort: Generated<number>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ProviderGamesTable {
  id: Generated<bigint>;
  provider_id: number;
  game_code: string;
  name: string;
  category: GameCategory;
  product: string | null;
  thumbnail_url: string | null;
  enabled: Generated<boolean>;
  platforms: ColumnType<string[], string | undefined, string>;
  sort: Generated<number>;
  synced_at: ColumnType<Date, Date | undefined, Date>;
}

export interface GameHighlightsTable {
  id: Generated<bigint>;
  game_id: bigint;
  sort: Generated<number>;
  active_from: Date | null;
  active_until: Date | null;
  created_at: Generated<Date>;
}

export interface GameFavouritesTable {
  member_id: bigint;
  game_id: bigint;
  created_at: Generated<Date>;
}

export interface GameSessionsTable {
  id: Generated<bigint>;
  token_hash: string;
  member_id: bigint;
  session_id: string;
  provider_id: number;
  game_code: string;
  currency: Generated<string>;
  platform: "desktop" | "mobile";
  created_at: Generated<Date>;
  expires_at: Timestamp;
  closed_at: Date | null;
}

/** What a money callback was answered: a wallet outcome code and the balance then (satang, decimal). */
export interface GameResponseJson {
  code: string;
  balance: string;
}

export interface GameTransactionsTable {
  id: Generated<bigint>;
  provider_id: number;
  member_id: bigint;
  provider_tx_id: string;
  kind: GameTransactionKind | null;
  state: GameTransactionState;
  reference_tx_id: string | null;
  round_id: string | null;
  game_code: string | null;
  game_session_id: bigint | null;
  amount: Generated<bigint>;
  provider_amount: string | null;
  currency: string | null;
  is_free: Generated<boolean>;
  payload_hash: string | null;
  response: ColumnType<GameResponseJson | null, string | null, never>;
  transfer_id: bigint | null;
  reverses: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface GameShortfallsTable {
  id: Generated<bigint>;
  game_transaction_id: bigint;
  provider_id: number;
  member_id: bigint;
  amount: bigint;
  taken: bigint;
  owed: bigint;
  transfer_id: bigint | null;
  created_at: Generated<Date>;
}

export interface GameCallbacksTable {
  id: Generated<bigint>;
  provider_code: string;
  call: string;
  request_body: Buffer;
  signature: string | null;
  signed_at: string | null;
  verdict: GameCallbackVerdict;
  member_id: bigint | null;
  provider_tx_id: string | null;
  http_status: number;
  status: string;
  response_body: string;
  ms: number;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface GameCallbackReplaysTable {
  provider_code: string;
  signature: string;
  signed_at: Date;
  received_at: Generated<Date>;
}

/** LOTTOUP Originals, the provider side (migration 0016_originals; docs/games.md "LOTTOUP Originals"). */
export type OriginalsGameCode = "lottoup-baccarat" | "lottoup-siam-fortune" | "lottoup-dice";
export type OriginalsRoundState =
  | "bet_sent"
  | "win_pending"
  | "settled"
  | "rollback_pending"
  | "rolled_back"
  | "refused";

export interface OriginalsSeedsTable {
  id: Generated<bigint>;
  /** The wallet's `user` (authenticate's answer): the only thing the provider knows of a player. */
  player: string;
  game: OriginalsGameCode;
  commitment: string;
  client_seed: string;
  /** Slot and dice: the next round's nonce; baccarat: the shoe position the next hand starts at. */
  next_nonce: Generated<number>;
  /** AES-256-GCM under a key derived from DRAW_SEED_KEY while active; null once revealed. */
  server_seed_sealed: string | null;
  /** Null while active; the revealed seed once rotated. */
  server_seed: string | null;
  created_at: Generated<Date>;
  revealed_at: Date | null;
}

export interface OriginalsRoundsTable {
  /** Also the wallet's roundId. */
  id: string;
  player: string;
  game: OriginalsGameCode;
  seed_id: bigint;
  /** The nonce (slot, dice) or shoe position (baccarat). */
  nonce: number;
  bet: ColumnType<Record<string, unknown>, string, string>;
  outcome: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  stake: bigint;
  return_amount: bigint | null;
  bet_tx_id: string;
  win_tx_id: string;
  rollback_tx_id: string;
  state: OriginalsRoundState;
  refusal: string | null;
  last_error: string | null;
  token_sealed: string | null;
  balance_after_bet: bigint | null;
  balance_after_win: bigint | null;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  closed_at: Date | null;
}

export interface DB {
  originals_seeds: OriginalsSeedsTable;
  originals_rounds: OriginalsRoundsTable;
  game_providers: GameProvidersTable;
  provider_games: ProviderGamesTable;
  game_highlights: GameHighlightsTable;
  game_favourites: GameFavouritesTable;
  game_sessions: GameSessionsTable;
  game_transactions: GameTransactionsTable;
  game_shortfalls: GameShortfallsTable;
  game_callbacks: GameCallbacksTable;
  game_callback_replays: GameCallbackReplaysTable;
  security_events: SecurityEventsTable;
  push_tokens: PushTokensTable;
  notification_outbox: NotificationOutboxTable;
  lotto_rounds: LottoRoundsTable;
  lotto_results: LottoResultsTable;
  lotto_shortfalls: LottoShortfallsTable;
  ying_chains: YingChainsTable;
  yings: YingsTable;
  number_sets: NumberSetsTable;
  lotto_restrictions: LottoRestrictionsTable;
  lotto_exposure: LottoExposureTable;
  poys: PoysTable;
  poy_lines: PoyLinesTable;
  member_banks: MemberBanksTable;
  receiving_accounts: ReceivingAccountsTable;
  deposits: DepositsTable;
  bank_statement_lines: BankStatementLinesTable;
  bank_feed_deliveries: BankFeedDeliveriesTable;
  withdrawals: WithdrawalsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  members: MembersTable;
  sessions: SessionsTable;
  login_name_locks: LoginNameLocksTable;
  rate_limit_hits: RateLimitHitsTable;
  oauth_states: OauthStatesTable;
  sms_outbox: SmsOutboxTable;
  otp_requests: OtpRequestsTable;
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  audit_log: AuditLogTable;
  staff_proposals: StaffProposalsTable;
  agents: AgentsTable;
  locale_centre_agents: LocaleCentreAgentsTable;
  site_details: SiteDetailsTable;
  agent_supports: AgentSupportsTable;
}
