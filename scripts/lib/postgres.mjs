// Finds the Postgres server the API suite runs on: TEST_DATABASE_URL, else the local server
// `.ci/run` sets up, when it answers.
const LOCAL_TEST_DATABASE_URL = 'postgres://questfield:questfield@127.0.0.1:5432/postgres';

export async function findTestPostgres(env = process.env) {
  const candidates = env.TEST_DATABASE_URL ? [env.TEST_DATABASE_URL] : [LOCAL_TEST_DATABASE_URL];
  const { default: pg } = await import('pg');
  for (const url of candidates) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return url;
    } catch {
      // Not answering: try the next candidate.
    } finally {
      await client.end().catch(() => {});
    }
  }
  return null;
}

/** The URL without its password, for log lines. */
export function redactUrl(url) {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
