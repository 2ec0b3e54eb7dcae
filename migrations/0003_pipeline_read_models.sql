-- The path from the event store to the read models: the outbox relay's checkpoint, a wake-up
-- notification on every append, the projector's bookkeeping, and the read models themselves.
-- Read models are derived data: `cardlog projections rebuild` empties and refills them.

create table relay_checkpoints (
  relay            text primary key,
  transaction_id   xid8 not null,
  global_position  bigint not null,
  updated_at       timestamptz not null default now()
);

-- Wakes the relay (LISTEN cardlog_events) as soon as events commit; it polls as a fallback.
create function notify_events_appended() returns trigger
  language plpgsql as $$
begin
  perform pg_notify('cardlog_events', '');
  return null;
end;
$$;

create trigger events_appended
  after insert on events
  for each statement execute function notify_events_appended();

-- The last stream position applied to the read models, per stream: an event at or below it is a
-- duplicate delivery and is skipped.
create table projection_positions (
  stream_id  text primary key,
  position   bigint not null
);

-- Progress of the projector as a whole (exported as a metric).
create table projection_progress (
  projector        text primary key,
  global_position  bigint not null,
  events_applied   bigint not null default 0,
  updated_at       timestamptz not null default now()
);

-- Replays: one row per event with its readable line, and a state snapshot every K events.
create table rm_replay_steps (
  game_id      uuid not null,
  seq          integer not null,
  type         text not null,
  actor        text,
  turn         integer,
  phase        text,
  turn_player  text,
  turn_start   boolean not null default false,
  description  text not null,
  primary key (game_id, seq)
);

create table rm_replay_snapshots (
  game_id  uuid not null,
  seq      integer not null,
  state    jsonb not null,
  primary key (game_id, seq)
);

-- Where each game's fold stands, so the next batch continues from it.
create table rm_game_heads (
  game_id  uuid primary key,
  header   jsonb not null,
  seq      integer not null,
  state    jsonb not null,
  facts    jsonb not null
);

-- One row per game for listing and filtering.
create table rm_games (
  game_id        uuid primary key,
  system         text not null,
  rules_version  text not null,
  mode           text not null,
  tournament     text,
  round          integer,
  table_number   integer,
  match          text,
  game_number    integer,
  played_at      timestamptz,
  recorded_at    timestamptz not null,
  catalog_id     text not null,
  players        jsonb not null,
  first_player   text,
  events         integer not null default 0,
  turns          integer not null default 0,
  status         text not null check (status in ('in_progress', 'finished')),
  result         text check (result in ('win', 'draw')),
  winner         text,
  end_reason     text
);

create index rm_games_system_idx on rm_games (system, recorded_at desc);
create index rm_games_tournament_idx on rm_games (tournament) where tournament is not null;

-- One row per seat of a game: who played what, on the play or the draw, and how it went.
-- `archetype` is the uploaded one or the game's default (e.g. Character + colours); `list_hash`
-- identifies the exact list. Statistics count finished games only (`result` not null).
create table rm_game_seats (
  game_id             uuid not null,
  seat                text not null,
  system              text not null,
  rules_version       text not null,
  tournament          text,
  played_at           timestamptz not null,
  player_name         text not null,
  player_id           text,
  deck_name           text,
  archetype           text,
  list_hash           text,
  on_play             boolean,
  opponent_archetype  text,
  result              text check (result in ('win', 'loss', 'draw')),
  primary key (game_id, seat)
);

create index rm_game_seats_archetype_idx on rm_game_seats (system, archetype) where result is not null;

-- One row per card (catalog id) per seat per game: copies in the deck and whether it was seen.
create table rm_card_games (
  game_id          uuid not null,
  seat             text not null,
  system           text not null,
  card_id          text not null,
  card_name        text not null,
  copies           integer not null,
  in_opening_hand  boolean not null default false,
  drawn            boolean not null default false,
  played           boolean not null default false,
  primary key (game_id, seat, card_id)
);

create index rm_card_games_card_idx on rm_card_games (system, card_id);

grant select, insert, update on relay_checkpoints to cardlog_app;
grant select, insert, update, delete on projection_positions, projection_progress, rm_replay_steps, rm_replay_snapshots,
  rm_game_heads, rm_games, rm_game_seats, rm_card_games to cardlog_app;
