// autocannon's per-request hook for the booking scenario of bench/api.ts. It runs inside
// autocannon's worker thread, which can load only a plain script. Request n of the scenario
// books hot slot n % slots for player floor(n / slots), so every request is a new booking (a
// player books each hot slot once), and the load stays on a few contended slots.
const slots = JSON.parse(process.env.BENCH_SLOTS ?? '[]');
const players = JSON.parse(process.env.BENCH_BOOKERS ?? '[]');
let next = Number(process.env.BENCH_FIRST_BOOKING ?? '0');

module.exports = function setupRequest(request) {
  const booking = next;
  next += 1;
  const player = Math.floor(booking / slots.length);
  request.headers = { ...request.headers, cookie: players[player % players.length] };
  request.body = JSON.stringify({ EventTime: slots[booking % slots.length] });
  return request;
};
