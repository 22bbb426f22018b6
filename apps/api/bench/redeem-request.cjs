// autocannon's per-request hook for the redemption scenario of bench/api.ts. It runs inside
// autocannon's worker thread, which can load only a plain script. Request n of a run redeems
// code BENCH_FIRST_CODE + n of BENCH_CODES, so no code is sent twice in the whole scenario, as
// player (that number) % BENCH_REDEEMERS.length from an address of their own (the app trusts
// one proxy hop): the requests in flight at once are as many players, and with a code for every
// tenth of the players no player or address goes past the redemption limits.
const codes = JSON.parse(process.env.BENCH_CODES ?? '[]');
const players = JSON.parse(process.env.BENCH_REDEEMERS ?? '[]');
let next = Number(process.env.BENCH_FIRST_CODE ?? '0');

module.exports = function setupRequest(request) {
  const code = next;
  next += 1;
  const player = code % players.length;
  request.headers = {
    ...request.headers,
    cookie: players[player],
    'x-forwarded-for': `10.${(player >> 16) & 255}.${(player >> 8) & 255}.${player & 255}`,
  };
  request.body = JSON.stringify({ name: codes[code % codes.length] });
  return request;
};
