-- app_fail(message): raises an error from inside a statement. A write made of several data-modifying CTEs
-- (services/conversation/one-statement.ts) calls it when one of its steps changed no row, so the whole
-- statement fails and changes nothing, as a transaction of separate statements would. VOLATILE so the
-- planner never evaluates it ahead of time.
CREATE OR REPLACE FUNCTION "app_fail"("message" TEXT) RETURNS BOOLEAN
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING MESSAGE = "message", ERRCODE = 'P0002';
END
$$;
