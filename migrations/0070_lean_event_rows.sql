-- Issue 17: an append paid for checks made once per event that hold per statement, and for an index
-- nothing reads.
--
-- The foreign key from events to streams ran a lookup (and took a share lock on the stream's row)
-- for every inserted event, although an append has already locked that row. The trigger that
-- advances stream versions now makes the same check once per statement: every stream the statement
-- wrote to must exist. Streams are never removed while they hold events, which the key also
-- guaranteed, so deleting one (or changing its id) is refused here.
alter table events drop constraint events_stream_id_fkey;

create or replace function advance_stream_versions() returns trigger
  language plpgsql security definer set search_path = public as $$
declare
  advanced bigint;
  missing text;
begin
  update streams s set version = m.version, updated_at = now()
  from (select stream_id, max(stream_position) as version from inserted group by stream_id) m
  where s.stream_id = m.stream_id and s.version < m.version;
  get diagnostics advanced = row_count;
  -- Every stream advanced (an append always does): they all exist. Otherwise look for one that does not.
  if advanced < (select count(distinct stream_id) from inserted) then
    select i.stream_id into missing from (select distinct stream_id from inserted) i
    where not exists (select 1 from streams s where s.stream_id = i.stream_id) limit 1;
    if missing is not null then
      raise exception 'insert or update on table "events" violates foreign key constraint "events_stream_id_fkey"'
        using errcode = 'foreign_key_violation', constraint = 'events_stream_id_fkey',
              detail = format('Key (stream_id)=(%s) is not present in table "streams".', missing);
    end if;
  end if;
  return null;
end;
$$;
revoke all on function advance_stream_versions() from public;

create function refuse_removing_stream_with_events() returns trigger
  language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    raise exception 'streams are never truncated: their events stay' using errcode = 'foreign_key_violation';
  end if;
  if exists (select 1 from events where stream_id = old.stream_id) then
    raise exception 'stream % holds events: it is never removed or renamed', old.stream_id
      using errcode = 'foreign_key_violation', constraint = 'events_stream_id_fkey';
  end if;
  return old;
end;
$$;

create trigger streams_keep_their_events
  before delete or update of stream_id on streams
  for each row execute function refuse_removing_stream_with_events();

create trigger streams_are_not_truncated
  before truncate on streams
  for each statement execute function refuse_removing_stream_with_events();

-- Nothing reads events by type (the read models keep their own tables); every append paid for it.
drop index events_type_idx;
