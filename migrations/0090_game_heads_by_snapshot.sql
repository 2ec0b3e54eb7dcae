-- A game head no longer stores the game's whole state: it stood at every batch of every game, as big
-- as a snapshot, and for a game recorded live it was most of what a batch wrote. A head written
-- since leaves `state` null, and a runner that must restore it folds the game's events after the
-- newest replay snapshot at or below its `seq` (from the start when there is none). Rows written
-- before keep their state and restore from it.
alter table rm_game_heads alter column state drop not null;
