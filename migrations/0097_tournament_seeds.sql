-- The top cut's seeds: each cut player's seed, from the first top-cut round's RoundRecorded (its
-- `seeds`, the organiser's order among players tied on every tiebreaker), null for the rest.
-- Written by the tournament projection, so a rebuild writes it again. Cuts recorded before this
-- were seeded in the order the final Swiss standings list players (rank, then id), which is what
-- the backfill below writes.
alter table rm_tournament_players add column seed integer;

update rm_tournament_players p set seed = s.seed
from (
  select st.tournament_id, st.player_id,
         row_number() over (partition by st.tournament_id order by st.rank, st.player_id) as seed
  from rm_tournament_standings st
  join rm_tournaments t on t.tournament_id = st.tournament_id
  where t.top_cut is not null and st.after_round = t.swiss_rounds and t.rounds_recorded > t.swiss_rounds
    and exists (
      select 1 from rm_tournament_matches m
      where m.tournament_id = st.tournament_id and m.round = t.swiss_rounds + 1
        and st.player_id in (m.player_a, m.player_b)
    )
) s
where p.tournament_id = s.tournament_id and p.player_id = s.player_id;
