-- What the recording API keeps beside the event streams: each game's header and context (for
-- listing, filtering and export), stored card catalogs, and API tokens (only their hashes).

create table catalogs (
  catalog_id    text primary key check (catalog_id ~ '^[a-z0-9][a-z0-9._-]*@[A-Za-z0-9._-]+$'),
  system        text not null,
  cards         jsonb not null,
  content_hash  text not null,
  created_at    timestamptz not null default now()
);

create table games (
  game_id          uuid primary key,
  stream_id        text not null unique references streams (stream_id),
  system           text not null,
  rules_version    text not null,
  -- The document without its events, exactly as recorded (json keeps the text and key order).
  header           json not null,
  mode             text not null check (mode in ('upload', 'live')),
  external_id      text,
  tournament       text,
  round            integer,
  table_number     integer,
  match            text,
  game_number      integer,
  played_at        timestamptz,
  catalog_id       text not null,
  players          jsonb not null,
  -- Uploads are recognised again by the hash of their canonical JSON, or by the client's key.
  content_hash     text unique,
  idempotency_key  text unique,
  outcome          jsonb,
  recorded_by      text,
  created_at       timestamptz not null default now(),
  ended_at         timestamptz
);

create index games_listing_idx on games (created_at desc, game_id desc);
create index games_system_idx on games (system, created_at desc);
create index games_tournament_idx on games (tournament, round, table_number) where tournament is not null;
create index games_players_idx on games using gin (players jsonb_path_ops);
create index games_catalog_idx on games (catalog_id);

create table api_tokens (
  token_id     uuid primary key,
  name         text not null,
  -- sha256 of the secret; the secret itself is shown once and never stored.
  token_hash   text not null unique,
  -- null: every tournament; otherwise the tournaments this token may record.
  tournaments  text[],
  created_at   timestamptz not null default now(),
  revoked_at   timestamptz
);

grant select, insert, update on catalogs to cardlog_app;
grant select, insert, update on games to cardlog_app;
grant select, insert, update on api_tokens to cardlog_app;
