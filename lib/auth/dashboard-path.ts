/** Set by proxy.ts on dashboard requests: the path and query the author asked for. */
export const DASHBOARD_PATH_HEADER = "x-inkbase-dashboard-path";
