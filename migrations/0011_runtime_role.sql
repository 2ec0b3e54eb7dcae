-- Two roles. The owner (the role that runs the migrations) owns every table, and only it can
-- change the schema, disable a trigger or drop one. `cardlog_app` is the runtime role of the API
-- and the projector: no DDL, and only the grants each use case needs. Connect as a login role that
-- is a member of cardlog_app (docker-compose.yml and the README show how).

-- A stream's version follows its events: the database advances it when events are inserted, so
-- the runtime role never writes a version itself (it could otherwise rewrite one).
create function advance_stream_versions() returns trigger
  language plpgsql security definer set search_path = public as $$
begin
  update streams s set version = m.version, updated_at = now()
  from (select stream_id, max(stream_position) as version from inserted group by stream_id) m
  where s.stream_id = m.stream_id and s.version < m.version;
  return null;
end;
$$;
revoke all on function advance_stream_versions() from public;

create trigger events_advance_stream_versions
  after insert on events referencing new table as inserted
  for each statement execute function advance_stream_versions();

revoke all on streams, events, games, catalogs, api_tokens, relay_checkpoints, projection_positions, projection_progress,
  rm_replay_steps, rm_replay_snapshots, rm_game_heads, rm_games, rm_game_seats, rm_card_games from cardlog_app;

grant usage on schema public to cardlog_app;
-- The runtime checks that the schema is current before serving; it never migrates.
grant select on schema_migrations to cardlog_app;

-- Event store: read, append, create a stream (at version 0) and lock it for an append. `select …
-- for update` needs an UPDATE grant on some column: updated_at, which carries no fact.
grant select, insert on events to cardlog_app;
grant select on streams to cardlog_app;
grant insert (stream_id) on streams to cardlog_app;
grant update (updated_at) on streams to cardlog_app;

-- Recording: a game's row is written once; only a live game's end and a game's visibility change.
grant select, insert on games to cardlog_app;
grant update (outcome, ended_at, visibility) on games to cardlog_app;
-- A catalog may be replaced while no game references it.
grant select, insert on catalogs to cardlog_app;
grant update (system, cards, content_hash) on catalogs to cardlog_app;
-- Tokens are minted, re-scoped and revoked by the owner (`cardlog token`); the API only checks them.
grant select on api_tokens to cardlog_app;

-- Pipeline: the relay's checkpoint, the projector's positions and the read models it rebuilds.
grant select, insert, update on relay_checkpoints to cardlog_app;
grant select, insert, update, delete on projection_positions, projection_progress, rm_replay_steps, rm_replay_snapshots,
  rm_game_heads, rm_games, rm_game_seats, rm_card_games to cardlog_app;
