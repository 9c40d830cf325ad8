-- Custom SQL migration file, put your code below! --
-- Every app process's outbox worker LISTENs on outbound_messages and sends at once when told
-- (features/messages/worker.ts). A queued message tells them itself, at commit, instead of each
-- caller sending its own pg_notify: one round trip less per message on the busiest path (a
-- valuation queues two), and no way to forget it. PostgreSQL sends one notification per
-- transaction however many rows it queued. Retries by staff still notify on their own.
CREATE FUNCTION outbound_message_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbound_messages', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER outbound_message_queued AFTER INSERT ON outbound_messages
  FOR EACH ROW WHEN (NEW.status = 'queued') EXECUTE FUNCTION outbound_message_queued();
