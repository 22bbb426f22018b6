// autocannon's per-request hook for the cancellation scenario of bench/api.ts. It runs inside
// autocannon's worker thread, which can load only a plain script. Request n of a run gives back
// seat BENCH_FIRST_CANCEL + n of BENCH_CANCEL_SEATS (booked through the API before the runs), as
// the player who holds it, so no seat is given back twice while seats last.
const seats = JSON.parse(process.env.BENCH_CANCEL_SEATS ?? '[]');
let next = Number(process.env.BENCH_FIRST_CANCEL ?? '0');

module.exports = function setupRequest(request) {
  const seat = seats[next % seats.length];
  next += 1;
  request.headers = { ...request.headers, cookie: seat.cookie };
  request.body = JSON.stringify({ registrationId: seat.registrationId });
  return request;
};
