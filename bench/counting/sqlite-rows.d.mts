export interface SqliteRowCounts {
  rowsRead: number;
  rowsReadForRequests: number;
  rowsWritten: number;
  statements: Record<string, { calls: number; rows: number; forRequests: number }>;
}

export function countSqliteRows(root?: string): SqliteRowCounts;
export function sqliteRowCounts(): SqliteRowCounts | null;
