-- A data table's physical table (agent_custom_table.custom_table_<id>) goes with its definition row, however the
-- row goes: deleted alone, or by the cascade when its space is deleted. The trigger drops it in the same
-- transaction, so a rolled-back delete keeps both.
CREATE OR REPLACE FUNCTION "custom_table_drop_physical"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP TABLE IF EXISTS %I.%I', 'agent_custom_table', 'custom_table_' || OLD.id);
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "custom_table_drop_physical" AFTER DELETE ON "custom_table"
  FOR EACH ROW EXECUTE FUNCTION "custom_table_drop_physical"();
--> statement-breakpoint
-- Physical tables left behind by spaces deleted before this migration.
DO $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'agent_custom_table' AND c.relkind = 'r' AND c.relname ~ '^custom_table_[0-9]+$'
      AND NOT EXISTS (SELECT 1 FROM "custom_table" t WHERE 'custom_table_' || t.id = c.relname)
  LOOP
    EXECUTE format('DROP TABLE %I.%I', 'agent_custom_table', r.relname);
  END LOOP;
END
$$;
