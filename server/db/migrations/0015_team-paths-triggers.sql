-- Hand-written (drizzle-kit generate --custom): triggers are not in drizzle's schema. team_paths (see
-- server/modules/affiliates/tables.ts) is kept by triggers on users, whoever writes them. Any change redoes
-- the rows of the members it touched and of everybody under them: their sponsors walked up through
-- users.sponsor_id while in the member's tenant, at most 32 levels, the shallowest level kept on a cycle.
-- New members take a shared lock and a changed sponsor, tenant or joining time or a deleted member an
-- exclusive one (transaction advisory locks), so a new member under a subtree being moved waits and then
-- walks up the moved tree. Then the rows of the users already there are written.
CREATE FUNCTION team_paths_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  members integer[];
BEGIN
  WITH RECURSIVE below(id) AS (
    SELECT unnest(ids)
    UNION
    SELECT u.id FROM users u JOIN below ON u.sponsor_id = below.id
  )
  SELECT array_agg(id) INTO members FROM below;
  DELETE FROM team_paths WHERE member_id = ANY(members);
  INSERT INTO team_paths (ancestor_id, depth, member_created_at, member_id, member_sponsor_id)
  WITH RECURSIVE up(member_id, tenant_id, created_at, sponsor_id, ancestor_id, depth) AS (
    SELECT u.id, u.tenant_id, u.created_at, u.sponsor_id, s.id, 1
    FROM users u JOIN users s ON s.id = u.sponsor_id AND s.tenant_id = u.tenant_id
    WHERE u.id = ANY(members)
    UNION ALL
    SELECT up.member_id, up.tenant_id, up.created_at, up.sponsor_id, s.id, up.depth + 1
    FROM up JOIN users a ON a.id = up.ancestor_id JOIN users s ON s.id = a.sponsor_id AND s.tenant_id = up.tenant_id
    WHERE up.depth < 32
  )
  SELECT ancestor_id, min(depth), created_at, member_id, sponsor_id FROM up GROUP BY ancestor_id, member_id, created_at, sponsor_id;
END $$;
--> statement-breakpoint
CREATE FUNCTION team_paths_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(72019051);
  PERFORM team_paths_refresh((SELECT array_agg(id) FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION team_paths_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(72019051);
  PERFORM team_paths_refresh(ARRAY[OLD.id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION team_paths_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_paths;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER team_paths_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_paths_inserted();
--> statement-breakpoint
CREATE TRIGGER team_paths_update AFTER UPDATE OF sponsor_id, tenant_id, created_at ON users
  FOR EACH ROW WHEN ((OLD.sponsor_id, OLD.tenant_id, OLD.created_at) IS DISTINCT FROM (NEW.sponsor_id, NEW.tenant_id, NEW.created_at))
  EXECUTE FUNCTION team_paths_changed();
--> statement-breakpoint
CREATE TRIGGER team_paths_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION team_paths_changed();
--> statement-breakpoint
CREATE TRIGGER team_paths_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION team_paths_clear();
--> statement-breakpoint
SELECT team_paths_refresh(array_agg(id)) FROM users;
