-- Tournament read models, built by the projector from each tournament's own stream
-- (`tournament-<id>`: TournamentRegistered, then one RoundRecorded per round). Standings are
-- recomputed per round from the matches, so a rebuild gives the same rows.

create table rm_tournaments (
  tournament_id   text primary key,
  name            text not null,
  system          text not null,
  rules_version   text not null,
  start_date      date not null,
  end_date        date,
  swiss_rounds    integer not null,
  top_cut         integer,
  best_of         integer not null,
  decks_public    boolean not null default false,
  catalog_id      text,
  players         integer not null,
  rounds_recorded integer not null default 0
);
create index rm_tournaments_system on rm_tournaments (system, start_date desc);

create table rm_tournament_players (
  tournament_id text not null,
  player_id     text not null,
  name          text not null,
  deck_name     text,
  archetype     text,
  list          jsonb,
  dropped_after integer,
  primary key (tournament_id, player_id)
);

-- One row per match or bye (player_b null) of a round.
create table rm_tournament_matches (
  tournament_id text not null,
  round         integer not null,
  table_number  integer,
  player_a      text not null,
  player_b      text,
  wins_a        integer not null,
  wins_b        integer not null,
  draws         integer not null,
  result_only   boolean not null,
  games         jsonb not null,
  primary key (tournament_id, round, player_a)
);

create table rm_tournament_standings (
  tournament_id text not null,
  after_round   integer not null,
  player_id     text not null,
  rank          integer not null,
  name          text not null,
  points        integer not null,
  match_wins    integer not null,
  match_losses  integer not null,
  match_draws   integer not null,
  byes          integer not null,
  omw           numeric(6, 4) not null,
  gw            numeric(6, 4) not null,
  ogw           numeric(6, 4) not null,
  dropped_after integer,
  primary key (tournament_id, after_round, player_id)
);

grant select, insert, update, delete on rm_tournaments, rm_tournament_players, rm_tournament_matches, rm_tournament_standings to cardlog_app;
