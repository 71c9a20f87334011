-- Hand-written (drizzle-kit generate --custom): the ledger_days triggers' functions (migration
-- "speed-ledger-days-triggers") now keep ledger_months too, in the same statements: an insert adds its rows
-- to their month rows as well (in key order), a recount of a day recounts its month. Then the rows the
-- ledger already holds are summed in.
CREATE OR REPLACE FUNCTION ledger_days_add() RETURNS trigger LANGUAGE plpgsql AS $$
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
  INSERT INTO ledger_months AS m (wallet_id, month, type, user_id, currency, amount, entries)
  SELECT l.wallet_id, date_trunc('month', l.created_at AT TIME ZONE 'UTC')::date, l.type, l.user_id, l.currency, sum(l.amount), count(*)::int
  FROM new_rows l
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (wallet_id, month, type, user_id, currency) DO UPDATE SET
    amount = m.amount + excluded.amount,
    entries = m.entries + excluded.entries;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_days_recount_key(w integer, d date, ty text, u integer, c text) RETURNS void LANGUAGE sql AS $$
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
  DELETE FROM ledger_months
    WHERE wallet_id = w AND month = date_trunc('month', d::timestamp)::date AND type = ty AND user_id = u AND currency = c;
  INSERT INTO ledger_months (wallet_id, month, type, user_id, currency, amount, entries)
  SELECT w, date_trunc('month', d::timestamp)::date, ty, u, c, sum(l.amount), count(*)::int
  FROM ledger_entries l
  WHERE l.wallet_id = w AND l.type = ty AND l.user_id = u AND l.currency = c
    AND l.created_at >= (date_trunc('month', d::timestamp) AT TIME ZONE 'UTC')
    AND l.created_at < ((date_trunc('month', d::timestamp) + interval '1 month') AT TIME ZONE 'UTC')
  HAVING count(*) > 0;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_days_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ledger_days;
  DELETE FROM ledger_months;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO ledger_months (wallet_id, month, type, user_id, currency, amount, entries)
SELECT l.wallet_id, date_trunc('month', l.created_at AT TIME ZONE 'UTC')::date, l.type, l.user_id, l.currency, sum(l.amount), count(*)::int
FROM ledger_entries l
GROUP BY 1, 2, 3, 4, 5;
