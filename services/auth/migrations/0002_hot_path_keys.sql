-- A sign-in writes a session, and a first sign-in also the address, in the statement that finds or creates their
-- user, and users are never deleted: a foreign key would only repeat that statement's lookup of the user (a
-- query of its own per row written, about a third of a first sign-in's time in Postgres). Wishlists keep theirs.
ALTER TABLE sessions DROP CONSTRAINT sessions_user_id_fkey;
ALTER TABLE addresses DROP CONSTRAINT addresses_user_id_fkey;
