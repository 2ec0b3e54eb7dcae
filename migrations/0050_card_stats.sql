-- Per-card counters for /v1/stats/cards, kept by the projector in the same transaction as the
-- rows they count, so the query reads a few thousand counter rows instead of joining every card
-- of every seat of every finished game (1.8 s at 10k games, linear in the games).
--
-- One row per combination of what the endpoint filters on without a date range (system, rules
-- version, tournament, archetype) and what it reports (card id, card name): the number of
-- finished seat-games with the card in the deck, the copies they held, and win/loss/draw counts
-- in each subset the endpoint reports (in deck, opening hand, drawn, in hand, played, not seen).
-- A query with a date range still reads rm_card_games, which has the dates.
create table rm_card_stats (
  system         text not null,
  rules_version  text not null,
  tournament     text,
  archetype      text,
  card_id        text not null,
  card_name      text not null,
  seat_games     bigint not null,
  sum_copies     bigint not null,
  deck_wins bigint not null, deck_losses bigint not null, deck_draws bigint not null,
  oh_wins bigint not null, oh_losses bigint not null, oh_draws bigint not null,
  gd_wins bigint not null, gd_losses bigint not null, gd_draws bigint not null,
  gih_wins bigint not null, gih_losses bigint not null, gih_draws bigint not null,
  played_wins bigint not null, played_losses bigint not null, played_draws bigint not null,
  gns_wins bigint not null, gns_losses bigint not null, gns_draws bigint not null,
  constraint rm_card_stats_key unique nulls not distinct (system, rules_version, tournament, archetype, card_id, card_name)
);

-- Adds (direction 1) or takes away (direction -1) what the finished seat-games of `game_ids` count, from
-- their rows in rm_game_seats and rm_card_games as they stand. The projector takes a game's counts
-- away before it replaces the game's rows and adds them again after. Rows are upserted in key
-- order under one transaction-level advisory lock, so two projectors never deadlock on them.
create function rm_card_stats_add(game_ids uuid[], direction integer) returns void
  language sql as $$
  select pg_advisory_xact_lock(hashtext('rm_card_stats'));
  insert into rm_card_stats as t (system, rules_version, tournament, archetype, card_id, card_name, seat_games, sum_copies,
    deck_wins, deck_losses, deck_draws, oh_wins, oh_losses, oh_draws, gd_wins, gd_losses, gd_draws,
    gih_wins, gih_losses, gih_draws, played_wins, played_losses, played_draws, gns_wins, gns_losses, gns_draws)
  select c.system, s.rules_version, s.tournament, s.archetype, c.card_id, c.card_name,
    direction * count(*), direction * sum(c.copies),
    direction * count(*) filter (where s.result = 'win'),
    direction * count(*) filter (where s.result = 'loss'),
    direction * count(*) filter (where s.result = 'draw'),
    direction * count(*) filter (where c.in_opening_hand and s.result = 'win'),
    direction * count(*) filter (where c.in_opening_hand and s.result = 'loss'),
    direction * count(*) filter (where c.in_opening_hand and s.result = 'draw'),
    direction * count(*) filter (where c.drawn and not c.in_opening_hand and s.result = 'win'),
    direction * count(*) filter (where c.drawn and not c.in_opening_hand and s.result = 'loss'),
    direction * count(*) filter (where c.drawn and not c.in_opening_hand and s.result = 'draw'),
    direction * count(*) filter (where (c.in_opening_hand or c.drawn) and s.result = 'win'),
    direction * count(*) filter (where (c.in_opening_hand or c.drawn) and s.result = 'loss'),
    direction * count(*) filter (where (c.in_opening_hand or c.drawn) and s.result = 'draw'),
    direction * count(*) filter (where c.played and s.result = 'win'),
    direction * count(*) filter (where c.played and s.result = 'loss'),
    direction * count(*) filter (where c.played and s.result = 'draw'),
    direction * count(*) filter (where not c.in_opening_hand and not c.drawn and s.result = 'win'),
    direction * count(*) filter (where not c.in_opening_hand and not c.drawn and s.result = 'loss'),
    direction * count(*) filter (where not c.in_opening_hand and not c.drawn and s.result = 'draw')
  from rm_card_games c
  join rm_game_seats s on s.game_id = c.game_id and s.seat = c.seat
  where c.game_id = any(game_ids) and s.result is not null
  group by c.system, s.rules_version, s.tournament, s.archetype, c.card_id, c.card_name
  order by c.system, s.rules_version, s.tournament, s.archetype, c.card_id, c.card_name
  on conflict on constraint rm_card_stats_key do update set
    seat_games = t.seat_games + excluded.seat_games, sum_copies = t.sum_copies + excluded.sum_copies,
    deck_wins = t.deck_wins + excluded.deck_wins, deck_losses = t.deck_losses + excluded.deck_losses, deck_draws = t.deck_draws + excluded.deck_draws,
    oh_wins = t.oh_wins + excluded.oh_wins, oh_losses = t.oh_losses + excluded.oh_losses, oh_draws = t.oh_draws + excluded.oh_draws,
    gd_wins = t.gd_wins + excluded.gd_wins, gd_losses = t.gd_losses + excluded.gd_losses, gd_draws = t.gd_draws + excluded.gd_draws,
    gih_wins = t.gih_wins + excluded.gih_wins, gih_losses = t.gih_losses + excluded.gih_losses, gih_draws = t.gih_draws + excluded.gih_draws,
    played_wins = t.played_wins + excluded.played_wins, played_losses = t.played_losses + excluded.played_losses, played_draws = t.played_draws + excluded.played_draws,
    gns_wins = t.gns_wins + excluded.gns_wins, gns_losses = t.gns_losses + excluded.gns_losses, gns_draws = t.gns_draws + excluded.gns_draws;
  -- A combination no finished seat-game has any more is not kept (a rebuild would not have it).
  delete from rm_card_stats where seat_games = 0;
$$;

create index rm_card_stats_empty_idx on rm_card_stats (seat_games) where seat_games = 0;

-- What the read models hold already.
select rm_card_stats_add(array(select game_id from rm_games), 1);

grant select, insert, update, delete on rm_card_stats to cardlog_app;
