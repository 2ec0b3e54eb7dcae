-- The projector's stored states (snapshots every K events, and each game's head between batches)
-- are written far more often than they are read, and only ever read whole by the application.
-- As jsonb each write parsed ~14 kB of JSON into a binary tree and compressed it with pglz: two
-- thirds of the server's time per projected page. json keeps the text as sent (checked, not
-- converted) and reads back the same to the client; lz4 compresses it several times faster.
alter table rm_replay_snapshots alter column state type json using state::json;
alter table rm_game_heads
  alter column header type json using header::json,
  alter column state type json using state::json,
  alter column facts type json using facts::json;

-- A server built without lz4 (embedded PGlite) keeps its default compression.
do $$
begin
  alter table rm_replay_snapshots alter column state set compression lz4;
  alter table rm_game_heads alter column header set compression lz4, alter column state set compression lz4, alter column facts set compression lz4;
exception when feature_not_supported then
  null;
end
$$;
