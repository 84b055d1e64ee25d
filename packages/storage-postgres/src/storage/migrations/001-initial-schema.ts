/**
 * Migration 1: every table of the storage port, as in the sql.js adapter's migration 1.
 *
 * Each table keeps the whole record as JSON in `doc` and copies the fields that queries filter or
 * sort on into real, indexed columns. `seq bigserial` gives list methods their stable creation
 * order.
 *
 * `doc` is `json`, not `jsonb`: the record is stored and read whole, never queried inside, so the
 * exact text is kept, reads skip the binary-to-text conversion, and strings holding U+0000 (which
 * `jsonb` rejects) store as they do on sql.js. The two updates that change a document in SQL go
 * through `jsonb` for that one statement.
 *
 * Applied migrations are never edited: change the schema with a new numbered migration.
 *
 * @module
 */

/** The SQL of migration 1 for the schema `s` (a quoted identifier). */
export const initialSchema = (s: string): string => `
CREATE TABLE ${s}.organizations (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  doc json NOT NULL
);

CREATE TABLE ${s}.api_tokens (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  digest text NOT NULL UNIQUE,
  doc json NOT NULL
);
CREATE INDEX api_tokens_by_org ON ${s}.api_tokens (organization_id, seq);

CREATE TABLE ${s}.calendars (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  doc json NOT NULL
);
CREATE INDEX calendars_by_org ON ${s}.calendars (organization_id, seq);

CREATE TABLE ${s}.schedule_types (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  calendar_id text NOT NULL,
  doc json NOT NULL
);
CREATE INDEX schedule_types_by_org ON ${s}.schedule_types (organization_id, seq);
CREATE INDEX schedule_types_by_calendar ON ${s}.schedule_types (organization_id, calendar_id, seq);

CREATE TABLE ${s}.lead_tables (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  doc json NOT NULL
);
CREATE INDEX lead_tables_by_org ON ${s}.lead_tables (organization_id, seq);

CREATE TABLE ${s}.lead_states (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  table_id text NOT NULL,
  doc json NOT NULL
);
CREATE INDEX lead_states_by_org ON ${s}.lead_states (organization_id, seq);
CREATE INDEX lead_states_by_table ON ${s}.lead_states (organization_id, table_id, seq);

CREATE TABLE ${s}.table_schemas (
  seq bigserial PRIMARY KEY,
  organization_id text NOT NULL,
  table_id text NOT NULL,
  doc json NOT NULL,
  UNIQUE (organization_id, table_id)
);

CREATE TABLE ${s}.custom_fields (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  table_id text NOT NULL,
  doc json NOT NULL
);
CREATE INDEX custom_fields_by_org ON ${s}.custom_fields (organization_id, seq);
CREATE INDEX custom_fields_by_table ON ${s}.custom_fields (organization_id, table_id, seq);

CREATE TABLE ${s}.table_entries (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  table_id text NOT NULL,
  lead_state_id text NOT NULL,
  appointment_type_id text,
  doc json NOT NULL
);
CREATE INDEX table_entries_by_org ON ${s}.table_entries (organization_id, seq);
CREATE INDEX table_entries_by_table ON ${s}.table_entries (organization_id, table_id, lead_state_id, seq);
CREATE INDEX table_entries_by_lead_state ON ${s}.table_entries (organization_id, lead_state_id, seq);
CREATE INDEX table_entries_by_appointment_type ON ${s}.table_entries (organization_id, appointment_type_id);

CREATE TABLE ${s}.appointment_types (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  doc json NOT NULL
);
CREATE INDEX appointment_types_by_org ON ${s}.appointment_types (organization_id, seq);

CREATE TABLE ${s}.resources (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  doc json NOT NULL
);
CREATE INDEX resources_by_org ON ${s}.resources (organization_id, seq);

CREATE TABLE ${s}.resource_slots (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  calendar_id text NOT NULL,
  resource_id text NOT NULL,
  doc json NOT NULL
);
CREATE INDEX resource_slots_by_org ON ${s}.resource_slots (organization_id, seq);
CREATE INDEX resource_slots_by_calendar ON ${s}.resource_slots (organization_id, calendar_id, resource_id, seq);
CREATE INDEX resource_slots_by_resource ON ${s}.resource_slots (organization_id, resource_id, seq);

CREATE TABLE ${s}.blockers (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  calendar_id text NOT NULL,
  resource_id text,
  doc json NOT NULL
);
CREATE INDEX blockers_by_org ON ${s}.blockers (organization_id, seq);
CREATE INDEX blockers_by_calendar ON ${s}.blockers (organization_id, calendar_id, resource_id, seq);
CREATE INDEX blockers_by_resource ON ${s}.blockers (organization_id, resource_id, seq);

CREATE TABLE ${s}.resource_calendar_mappings (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  calendar_id text NOT NULL,
  resource_id text NOT NULL,
  doc json NOT NULL
);
CREATE INDEX resource_calendar_mappings_by_org ON ${s}.resource_calendar_mappings (organization_id, seq);
CREATE INDEX resource_calendar_mappings_by_calendar
  ON ${s}.resource_calendar_mappings (organization_id, calendar_id, resource_id, seq);
CREATE INDEX resource_calendar_mappings_by_resource
  ON ${s}.resource_calendar_mappings (organization_id, resource_id, seq);

CREATE TABLE ${s}.appointment_type_resource_mappings (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  appointment_type_id text NOT NULL,
  resource_id text NOT NULL,
  doc json NOT NULL
);
CREATE INDEX appointment_type_resource_mappings_by_org
  ON ${s}.appointment_type_resource_mappings (organization_id, seq);
CREATE INDEX appointment_type_resource_mappings_by_type
  ON ${s}.appointment_type_resource_mappings (organization_id, appointment_type_id, resource_id, seq);
CREATE INDEX appointment_type_resource_mappings_by_resource
  ON ${s}.appointment_type_resource_mappings (organization_id, resource_id, seq);

CREATE TABLE ${s}.bookings (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  calendar_id text NOT NULL,
  resource_id text,
  schedule_type_id text,
  start_ms bigint NOT NULL,
  end_ms bigint NOT NULL,
  doc json NOT NULL
);
-- listOverlapping: equality on organization and resource, then a range scan on start_ms;
-- end_ms is in the index so the overlap test needs no table lookup.
CREATE INDEX bookings_by_resource ON ${s}.bookings (organization_id, resource_id, start_ms, end_ms);
CREATE INDEX bookings_by_calendar ON ${s}.bookings (organization_id, calendar_id, start_ms);

CREATE TABLE ${s}.activity (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  organization_id text NOT NULL,
  type text NOT NULL,
  doc json NOT NULL
);
CREATE INDEX activity_by_org ON ${s}.activity (organization_id, seq);
CREATE INDEX activity_by_type ON ${s}.activity (organization_id, type, seq);

CREATE TABLE ${s}.jobs (
  seq bigserial PRIMARY KEY,
  key text NOT NULL UNIQUE,
  run_at bigint NOT NULL,
  doc json NOT NULL
);
CREATE INDEX jobs_by_run_at ON ${s}.jobs (run_at, seq);

CREATE TABLE ${s}.idempotency (
  seq bigserial PRIMARY KEY,
  organization_id text NOT NULL,
  scope text NOT NULL,
  key text NOT NULL,
  created_ms bigint NOT NULL,
  doc json NOT NULL,
  UNIQUE (organization_id, scope, key)
);
CREATE INDEX idempotency_by_created ON ${s}.idempotency (created_ms);
`;
