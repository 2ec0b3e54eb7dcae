-- Replay steps, a hundred to a row. One row per event made the steps the projector's costliest
-- write: 83k rows (a heap tuple and a primary-key entry each) for 300 games, three quarters of
-- the server's time on the steps, and every row's JSON repeated its keys. A chunk holds the steps
-- of seqs chunk*100+1 .. chunk*100+100 as a json array of
-- [type, actor, turn, phase, turn_player, turn_start, description], so a chunk's rows depend only
-- on the game's events, not on how the projector's batches cut them: a batch that ends inside a
-- chunk leaves it partial and the next appends to it. `rm_replay_steps` stays, as a view, with
-- the columns and rows it had.
create table rm_replay_step_chunks (
  game_id  uuid not null,
  chunk    integer not null,
  steps    json not null,
  primary key (game_id, chunk)
);

-- A server built without lz4 (embedded PGlite) keeps its default compression.
do $$
begin
  alter table rm_replay_step_chunks alter column steps set compression lz4;
exception when feature_not_supported then
  null;
end
$$;

insert into rm_replay_step_chunks (game_id, chunk, steps)
select game_id, (seq - 1) / 100,
  json_agg(json_build_array(type, actor, turn, phase, turn_player, turn_start, description) order by seq)
from rm_replay_steps
group by game_id, (seq - 1) / 100;

drop table rm_replay_steps;

create view rm_replay_steps as
select c.game_id, c.chunk * 100 + s.n::integer as seq,
  s.step->>0 as type, s.step->>1 as actor, (s.step->>2)::integer as turn, s.step->>3 as phase,
  s.step->>4 as turn_player, (s.step->>5)::boolean as turn_start, s.step->>6 as description
from rm_replay_step_chunks c
cross join lateral json_array_elements(c.steps) with ordinality as s(step, n);

grant select, insert, update, delete on rm_replay_step_chunks to cardlog_app;
grant select on rm_replay_steps to cardlog_app;
