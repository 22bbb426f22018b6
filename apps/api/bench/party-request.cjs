// autocannon's per-request hook for the party-booking scenario of bench/api.ts. It runs inside
// autocannon's worker thread, which can load only a plain script. Request n of a run books a
// party of BENCH_PARTY_SEATS on hot slot (BENCH_FIRST_PARTY + n) % slots as leader
// BENCH_FIRST_PARTY + n, so no leader books twice in the whole scenario, and the load stays on
// a few slots. Leaders hold the credits of one party: past the
// last, leaders booking again are refused, and the shortfall shows as failed requests.
const slots = JSON.parse(process.env.BENCH_PARTY_SLOTS ?? '[]');
const leaders = JSON.parse(process.env.BENCH_PARTY_LEADERS ?? '[]');
const seats = Number(process.env.BENCH_PARTY_SEATS ?? '2');
let next = Number(process.env.BENCH_FIRST_PARTY ?? '0');

module.exports = function setupRequest(request) {
  const party = next;
  next += 1;
  request.headers = { ...request.headers, cookie: leaders[party % leaders.length] };
  request.body = JSON.stringify({ EventTime: slots[party % slots.length], seats });
  return request;
};
