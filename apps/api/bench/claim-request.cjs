// autocannon's per-request hook for the party-claim scenario of bench/api.ts. It runs inside
// autocannon's worker thread, which can load only a plain script. Request n of a run claims
// invite BENCH_FIRST_CLAIM + n of BENCH_CLAIMS (guest seats of parties booked before the runs)
// as the player paired with it, so no invite is claimed twice and no player claims twice.
const claims = JSON.parse(process.env.BENCH_CLAIMS ?? '[]');
let next = Number(process.env.BENCH_FIRST_CLAIM ?? '0');

module.exports = function setupRequest(request) {
  // Past the last invite, one no server made: the shortfall shows as failed requests (claiming
  // an invite again as its guest would be answered as a repeat, and counted as a success).
  const claim = claims[next] ?? { cookie: claims[0]?.cookie ?? '', invite: 'none' };
  next += 1;
  request.headers = { ...request.headers, cookie: claim.cookie };
  request.body = JSON.stringify({ invite: claim.invite });
  return request;
};
