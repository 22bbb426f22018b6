// autocannon's per-request hook for the redemption scenario of bench/api.ts. It runs inside
// autocannon's worker thread, which can load only a plain script. Request n of a run redeems
// code BENCH_FIRST_CODE + n of BENCH_CODES, so no code is sent twice in the whole scenario, as
// player (that number / BENCH_REDEEMS_PER_PLAYER) of BENCH_REDEEMERS from an address of their
// own (the app trusts one proxy hop), so no player or address goes past the redemption limits.
const codes = JSON.parse(process.env.BENCH_CODES ?? '[]');
const players = JSON.parse(process.env.BENCH_REDEEMERS ?? '[]');
const perPlayer = Number(process.env.BENCH_REDEEMS_PER_PLAYER ?? '1');
let next = Number(process.env.BENCH_FIRST_CODE ?? '0');

module.exports = function setupRequest(request) {
  const code = next;
  next += 1;
  const player = Math.floor(code / perPlayer);
  request.headers = {
    ...request.headers,
    cookie: players[player % players.length],
    'x-forwarded-for': `10.${(player >> 16) & 255}.${(player >> 8) & 255}.${player & 255}`,
  };
  request.body = JSON.stringify({ name: codes[code % codes.length] });
  return request;
};
