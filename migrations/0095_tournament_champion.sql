-- A tournament's champion: the winner of its top cut's final (absent until the final is recorded,
-- and for an event without a top cut). Written by the tournament projection from the stream, so
-- a rebuild writes it again.
alter table rm_tournaments add column champion text;
alter table rm_tournaments add column champion_name text;
