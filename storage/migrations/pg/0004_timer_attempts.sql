-- How often firing a timer failed: a failing deadline is retried later, not dropped.
ALTER TABLE timers ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
