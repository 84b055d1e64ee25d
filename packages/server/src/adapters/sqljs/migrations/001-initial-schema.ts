/**
 * Migration 1: every table of the storage port.
 *
 * Each table keeps the whole record as JSON in `doc` and copies the fields that queries filter or
 * sort on into real, indexed columns. `seq INTEGER PRIMARY KEY` is the rowid: SQLite gives a new
 * row a rowid above every live row, so `ORDER BY seq` is insertion order, the port's stable list
 * order.
 *
 * Applied migrations are never edited: change the schema with a new numbered migration.
 *
 * @module
 */

/** The SQL of migration 1. */
export const INITIAL_SCHEMA = `
CREATE TABLE organizations (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  doc TEXT NOT NULL
);

CREATE TABLE api_tokens (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  digest TEXT NOT NULL UNIQUE,
  doc TEXT NOT NULL
);
CREATE INDEX api_tokens_by_org ON api_tokens (organization_id, seq);

CREATE TABLE calendars (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX calendars_by_org ON calendars (organization_id, seq);

CREATE TABLE schedule_types (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  calendar_id TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX schedule_types_by_org ON schedule_types (organization_id, seq);
CREATE INDEX schedule_types_by_calendar ON schedule_types (organization_id, calendar_id, seq);

CREATE TABLE lead_tables (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX lead_tables_by_org ON lead_tables (organization_id, seq);

CREATE TABLE lead_states (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  table_id TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX lead_states_by_org ON lead_states (organization_id, seq);
CREATE INDEX lead_states_by_table ON lead_states (organization_id, table_id, seq);

CREATE TABLE table_schemas (
  seq INTEGER PRIMARY KEY,
  organization_id TEXT NOT NULL,
  table_id TEXT NOT NULL,
  doc TEXT NOT NULL,
  UNIQUE (organization_id, table_id)
);

CREATE TABLE custom_fields (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  table_id TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX custom_fields_by_org ON custom_fields (organization_id, seq);
CREATE INDEX custom_fields_by_table ON custom_fields (organization_id, table_id, seq);

CREATE TABLE table_entries (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  table_id TEXT NOT NULL,
  lead_state_id TEXT NOT NULL,
  appointment_type_id TEXT,
  doc TEXT NOT NULL
);
CREATE INDEX table_entries_by_org ON table_entries (organization_id, seq);
CREATE INDEX table_entries_by_table ON table_entries (organization_id, table_id, lead_state_id, seq);
CREATE INDEX table_entries_by_lead_state ON table_entries (organization_id, lead_state_id, seq);
CREATE INDEX table_entries_by_appointment_type ON table_entries (organization_id, appointment_type_id);

CREATE TABLE appointment_types (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX appointment_types_by_org ON appointment_types (organization_id, seq);

CREATE TABLE resources (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX resources_by_org ON resources (organization_id, seq);

CREATE TABLE resource_slots (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  calendar_id TEXT NOT NULL,
  resource_id TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX resource_slots_by_org ON resource_slots (organization_id, seq);
CREATE INDEX resource_slots_by_calendar ON resource_slots (organization_id, calendar_id, resource_id, seq);
CREATE INDEX resource_slots_by_resource ON resource_slots (organization_id, resource_id, seq);

CREATE TABLE blockers (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  calendar_id TEXT NOT NULL,
  resource_id TEXT,
  doc TEXT NOT NULL
);
CREATE INDEX blockers_by_org ON blockers (organization_id, seq);
CREATE INDEX blockers_by_calendar ON blockers (organization_id, calendar_id, resource_id, seq);
CREATE INDEX blockers_by_resource ON blockers (organization_id, resource_id, seq);

CREATE TABLE resource_calendar_mappings (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  calendar_id TEXT NOT NULL,
  resource_id TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX resource_calendar_mappings_by_org ON resource_calendar_mappings (organization_id, seq);
CREATE INDEX resource_calendar_mappings_by_calendar
  ON resource_calendar_mappings (organization_id, calendar_id, resource_id, seq);
CREATE INDEX resource_calendar_mappings_by_resource
  ON resource_calendar_mappings (organization_id, resource_id, seq);

CREATE TABLE appointment_type_resource_mappings (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  appointment_type_id TEXT NOT NULL,
  resource_id TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX appointment_type_resource_mappings_by_org
  ON appointment_type_resource_mappings (organization_id, seq);
CREATE INDEX appointment_type_resource_mappings_by_type
  ON appointment_type_resource_mappings (organization_id, appointment_type_id, resource_id, seq);
CREATE INDEX appointment_type_resource_mappings_by_resource
  ON appointment_type_resource_mappings (organization_id, resource_id, seq);

CREATE TABLE bookings (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  calendar_id TEXT NOT NULL,
  resource_id TEXT,
  schedule_type_id TEXT,
  start_ms INTEGER NOT NULL,
  end_ms INTEGER NOT NULL,
  doc TEXT NOT NULL
);
-- listOverlapping: equality on organization and resource, then a range scan on start_ms;
-- end_ms is in the index so the overlap test needs no table lookup.
CREATE INDEX bookings_by_resource ON bookings (organization_id, resource_id, start_ms, end_ms);
CREATE INDEX bookings_by_calendar ON bookings (organization_id, calendar_id, start_ms);

CREATE TABLE activity (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL,
  type TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX activity_by_org ON activity (organization_id, seq);
CREATE INDEX activity_by_type ON activity (organization_id, type, seq);

CREATE TABLE jobs (
  seq INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  run_at INTEGER NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX jobs_by_run_at ON jobs (run_at, seq);

CREATE TABLE idempotency (
  seq INTEGER PRIMARY KEY,
  organization_id TEXT NOT NULL,
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  doc TEXT NOT NULL,
  UNIQUE (organization_id, scope, key)
);
CREATE INDEX idempotency_by_created ON idempotency (created_ms);
`;
