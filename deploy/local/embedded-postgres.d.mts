export declare const EMBEDDED_POSTGRES: Readonly<{
  host: string;
  defaultPort: number;
  user: string;
  password: string;
  database: string;
  dataDir: string;
}>;

export declare function embeddedPostgresPort(env?: NodeJS.ProcessEnv): number;

export declare function embeddedPostgresUrl(port: number, database?: string): string;

export interface EmbeddedDatabaseProbe {
  state: 'running' | 'no-database' | 'not-running';
  port: number;
  url: string;
  /** Why it did not answer, when it did not. */
  error?: string;
}

export declare function probeEmbeddedDatabase(env?: NodeJS.ProcessEnv): Promise<EmbeddedDatabaseProbe>;
