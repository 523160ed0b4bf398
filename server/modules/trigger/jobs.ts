/**
 * Imported at platform start (server/platform.ts), before the job runner starts: declares the trigger-fire queue
 * and registers the cron ticker, so schedules resume after a restart in web and worker processes alike.
 */
import "#server/runtime/jobs/schedule";
import "./queue";
