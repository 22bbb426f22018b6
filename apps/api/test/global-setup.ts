/** Says once per run which database the suites use, so a green run shows what it proved. */
export default function setup(): void {
  const url = process.env.TEST_DATABASE_URL;
  const target =
    url === undefined || url === ''
      ? 'PGlite (in memory, one migrated template per worker)'
      : `Postgres at ${new URL(url).host} (a fresh database per test app)`;
  process.stdout.write(`\nAPI tests run on ${target}\n`);
}
