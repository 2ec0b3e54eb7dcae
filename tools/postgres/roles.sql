-- Run once by the postgres image on a fresh volume (docker-entrypoint-initdb.d): the two roles of
-- a Cardlog database. `cardlog_owner` owns the database and runs the migrations; `cardlog_runtime`
-- is what the API and the projector log in as, a member of `cardlog_app` (whose grants the
-- migrations set: no DDL, SELECT/INSERT on events, column grants elsewhere).
create role cardlog_app nologin;
create role cardlog_owner login password 'cardlog-owner';
create role cardlog_runtime login password 'cardlog-runtime' in role cardlog_app;
alter database cardlog owner to cardlog_owner;
alter schema public owner to cardlog_owner;
