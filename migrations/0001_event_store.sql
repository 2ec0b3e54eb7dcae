-- The event store: Postgres is Cardlog's source of truth, and this table is also the outbox that the
-- relay publishes to Kafka. Events are immutable facts; streams hold the version used for optimistic
-- concurrency.

create table streams (
  stream_id   text primary key,
  version     bigint not null default 0 check (version >= 0),
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);

create table events (
  global_position  bigint generated always as identity primary key,
  stream_id        text not null references streams (stream_id),
  stream_position  bigint not null check (stream_position > 0),
  event_id         uuid not null,
  type             text not null,
  schema_version   integer not null default 1 check (schema_version > 0),
  data             jsonb not null,
  metadata         jsonb not null default '{}'::jsonb,
  recorded_at      timestamptz not null default now(),
  -- The writing transaction: readers of "all events after X" order by (transaction_id,
  -- global_position) and stop below the oldest transaction still running, so an event committed
  -- after a later-numbered one is never skipped.
  transaction_id   xid8 not null default pg_current_xact_id(),
  constraint events_event_id_key unique (event_id),
  constraint events_stream_position_key unique (stream_id, stream_position)
);

create index events_commit_order_idx on events (transaction_id, global_position);
create index events_type_idx on events (type);

-- Immutability in the database itself, whatever the client's privileges.
create function refuse_event_change() returns trigger
  language plpgsql as $$
begin
  raise exception 'events are immutable: % on % is refused', tg_op, tg_table_name
    using errcode = 'restrict_violation';
end;
$$;

create trigger events_are_immutable
  before update or delete or truncate on events
  for each statement execute function refuse_event_change();

-- The application's role may read and append, never change or remove.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'cardlog_app') then
    create role cardlog_app nologin;
  end if;
end
$$;

grant select, insert, update on streams to cardlog_app;
grant select, insert on events to cardlog_app;
revoke update, delete, truncate on events from cardlog_app;
