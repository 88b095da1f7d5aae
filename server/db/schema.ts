import type { ColumnType } from "kysely";

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

export interface DB {
  agents: AgentsTable;
  locale_centre_agents: LocaleCentreAgentsTable;
  site_details: SiteDetailsTable;
  agent_supports: AgentSupportsTable;
}
