-- Whether the last holder of the relay's advisory lock let go of it cleanly. A relay that takes the
-- lock over from a holder whose session died waits out its takeover delay (that holder may still
-- have a publish in flight); after a clean release, or when no relay ever held it, nothing can be
-- in flight and it publishes at once, instead of leaving every new start 15 s behind.
create table relay_lock_holders (
  lock_key     bigint primary key,
  released     boolean not null,
  holder       text not null,
  acquired_at  timestamptz not null default now()
);

-- A database some relay already published from may have a holder that predates this table: the
-- first relay after the upgrade waits, as before. A fresh database has none.
insert into relay_lock_holders (lock_key, released, holder)
select 212325601, not exists (select 1 from relay_checkpoints), 'before 0085';

grant select, insert, update on relay_lock_holders to cardlog_app;
