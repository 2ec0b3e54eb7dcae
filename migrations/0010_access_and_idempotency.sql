-- Who may read what, and which facts a game claims only once.
--
-- Games have a visibility: public (listed, readable by anyone once over), unlisted (readable by
-- its link, never listed) or private (only its tournament's staff and its seats).
alter table games add column visibility text not null default 'public'
  check (visibility in ('public', 'unlisted', 'private'));

-- Tokens have a scope: `record` writes games (of its tournaments, or any), `judge` reads every game
-- of its tournaments, hidden information included, and `seat` reads one seat of one game. Any
-- token may expire.
alter table api_tokens add column scope text not null default 'record' check (scope in ('record', 'judge', 'seat'));
alter table api_tokens add column game_id uuid;
alter table api_tokens add column seat text;
alter table api_tokens add column expires_at timestamptz;
alter table api_tokens add constraint api_tokens_seat_scope check (
  (scope = 'seat') = (game_id is not null and seat is not null));

-- An Idempotency-Key belongs to the token that sent it: two tokens never share a key's game, and a
-- key is bounded so the index can always hold it.
alter table games add column recorded_by_token text;
alter table games drop constraint games_idempotency_key_key;
alter table games add constraint games_idempotency_key_length check (char_length(idempotency_key) between 1 and 255);
create unique index games_idempotency_idx on games (recorded_by_token, idempotency_key) where idempotency_key is not null;

-- One game per tournament slot: a second document claiming the same round, table and game number
-- is refused, not counted twice.
create unique index games_slot_idx on games (tournament, round, table_number, coalesce(game_number, 1))
  where tournament is not null and round is not null and table_number is not null;
