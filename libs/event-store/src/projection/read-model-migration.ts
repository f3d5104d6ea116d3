/** One step of a projection's table definitions. Versions start at 1 and have no gaps. */
export interface ReadModelMigration {
  readonly version: number;
  /** Why this step exists, for the operator reading `schema_migrations`. */
  readonly description: string;
  /** Statements with unqualified table names; they run in whatever schema search_path names first. */
  readonly sql: string;
}
