-- Inline card catalogs, stored once by the sha256 of their canonical JSON. A GameRecorded event
-- references its inline catalog by that hash instead of carrying the cards: an inline catalog can
-- be megabytes, and every event must fit in one Kafka message (docs/pipeline.md). Rows are
-- immutable facts, like events: the application role may only read and insert them.

create table catalog_contents (
  content_hash  text primary key check (content_hash ~ '^[0-9a-f]{64}$'),
  system        text not null,
  cards         jsonb not null,
  created_at    timestamptz not null default now()
);

grant select, insert on catalog_contents to cardlog_app;
