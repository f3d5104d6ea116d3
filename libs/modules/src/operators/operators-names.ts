/** The projection behind the console's per-day charts (also its checkpoint name in `ops status`). */
export const OPS_DAILY_ACTIVITY_PROJECTION = 'operators-daily-activity';
