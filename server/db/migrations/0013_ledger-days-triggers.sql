-- Hand-written (drizzle-kit generate --custom): triggers are not in drizzle's schema. ledger_days (see
-- server/modules/wallet/tables.ts) is kept by these statement-level triggers on ledger_entries, in the
-- statement that writes the ledger, whoever writes it (the wallet service, seeds, tests, SQL by hand).
-- An insert adds its rows to their (wallet, UTC day, type, member, currency) rows, in key order so that
-- parallel writers lock in one order; an update or delete recounts the keys it touched from the ledger;
-- a truncate empties it. Then the rows the ledger already holds are summed in.
CREATE FUNCTION ledger_days_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_days AS d (wallet_id, day, type, user_id, currency, amount, entries, last_at, last_id, last_balance)
  SELECT l.wallet_id, (l.created_at AT TIME ZONE 'UTC')::date, l.type, l.user_id, l.currency, sum(l.amount), count(*)::int,
    (array_agg(l.created_at ORDER BY l.created_at DESC, l.id DESC))[1],
    (array_agg(l.id ORDER BY l.created_at DESC, l.id DESC))[1],
    (array_agg(l.balance_after ORDER BY l.created_at DESC, l.id DESC))[1]
  FROM new_rows l
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (wallet_id, day, type, user_id, currency) DO UPDATE SET
    amount = d.amount + excluded.amount,
    entries = d.entries + excluded.entries,
    last_at = CASE WHEN (excluded.last_at, excluded.last_id) > (d.last_at, d.last_id) THEN excluded.last_at ELSE d.last_at END,
    last_id = CASE WHEN (excluded.last_at, excluded.last_id) > (d.last_at, d.last_id) THEN excluded.last_id ELSE d.last_id END,
    last_balance = CASE WHEN (excluded.last_at, excluded.last_id) > (d.last_at, d.last_id) THEN excluded.last_balance ELSE d.last_balance END;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION ledger_days_recount_key(w integer, d date, ty text, u integer, c text) RETURNS void LANGUAGE sql AS $$
  DELETE FROM ledger_days
    WHERE wallet_id = w AND day = d AND type = ty AND user_id = u AND currency = c;
  INSERT INTO ledger_days (wallet_id, day, type, user_id, currency, amount, entries, last_at, last_id, last_balance)
  SELECT w, d, ty, u, c, sum(l.amount), count(*)::int,
    (array_agg(l.created_at ORDER BY l.created_at DESC, l.id DESC))[1],
    (array_agg(l.id ORDER BY l.created_at DESC, l.id DESC))[1],
    (array_agg(l.balance_after ORDER BY l.created_at DESC, l.id DESC))[1]
  FROM ledger_entries l
  WHERE l.wallet_id = w AND l.type = ty AND l.user_id = u AND l.currency = c
    AND l.created_at >= (d::timestamp AT TIME ZONE 'UTC') AND l.created_at < ((d + 1)::timestamp AT TIME ZONE 'UTC')
  HAVING count(*) > 0;
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_days_recount() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k record;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    FOR k IN
      SELECT wallet_id, (created_at AT TIME ZONE 'UTC')::date AS day, type, user_id, currency FROM old_rows
      UNION SELECT wallet_id, (created_at AT TIME ZONE 'UTC')::date, type, user_id, currency FROM new_rows
      ORDER BY 1, 2, 3, 4, 5
    LOOP
      PERFORM ledger_days_recount_key(k.wallet_id, k.day, k.type, k.user_id, k.currency);
    END LOOP;
  ELSE
    FOR k IN
      SELECT DISTINCT wallet_id, (created_at AT TIME ZONE 'UTC')::date AS day, type, user_id, currency FROM old_rows
      ORDER BY 1, 2, 3, 4, 5
    LOOP
      PERFORM ledger_days_recount_key(k.wallet_id, k.day, k.type, k.user_id, k.currency);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION ledger_days_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ledger_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_days_insert AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_days_add();
--> statement-breakpoint
CREATE TRIGGER ledger_days_update AFTER UPDATE ON ledger_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_days_recount();
--> statement-breakpoint
CREATE TRIGGER ledger_days_delete AFTER DELETE ON ledger_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_days_recount();
--> statement-breakpoint
CREATE TRIGGER ledger_days_truncate AFTER TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_days_clear();
--> statement-breakpoint
INSERT INTO ledger_days (wallet_id, day, type, user_id, currency, amount, entries, last_at, last_id, last_balance)
SELECT l.wallet_id, (l.created_at AT TIME ZONE 'UTC')::date, l.type, l.user_id, l.currency, sum(l.amount), count(*)::int,
  (array_agg(l.created_at ORDER BY l.created_at DESC, l.id DESC))[1],
  (array_agg(l.id ORDER BY l.created_at DESC, l.id DESC))[1],
  (array_agg(l.balance_after ORDER BY l.created_at DESC, l.id DESC))[1]
FROM ledger_entries l
GROUP BY 1, 2, 3, 4, 5;
