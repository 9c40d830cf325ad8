-- Custom SQL migration file, put your code below! --
-- Each app process keeps the sessions it has just checked for a few seconds (auth/session-cache.ts),
-- so a staff request need not read them again. Whatever ends or changes a session or its user (sign
-- out, a password change, an admin's edit or deletion, retention, a person at psql) tells every
-- process at commit, through NOTIFY on session_changes: the session's id, or "user <id>".
CREATE FUNCTION session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', OLD.sid);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER session_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION session_changed();
--> statement-breakpoint
CREATE FUNCTION session_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', 'user ' || OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER session_user_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION session_user_changed();
