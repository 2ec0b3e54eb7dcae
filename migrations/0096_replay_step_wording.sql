-- The wording a chunk's replay steps were written with (STEP_WORDING in libs/rules/src/words.ts):
-- what `describe` said of each event, and the turn and phase it was placed at. A chunk of an older
-- wording is described again when it is read, and rewritten once its game is finished. Rows
-- written before this migration carry 0: their wording is not known, so they are refreshed too.
alter table rm_replay_step_chunks add column wording smallint not null default 0;
