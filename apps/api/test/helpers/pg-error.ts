import { sqlStateOf } from '../../src/db/errors';

export { SQLSTATE } from '../../src/db/errors';

/** Resolves to the SQLSTATE the promise rejected with; fails the test if it resolved. */
export async function rejectionState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return sqlStateOf(error).code;
  }
  throw new Error('expected the statement to fail');
}
