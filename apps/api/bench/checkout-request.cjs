// autocannon's per-request hook for the checkout scenario of bench/api.ts. It runs inside
// autocannon's worker thread, which can load only a plain script: each connection is one buyer
// (a session cookie from BENCH_BUYERS), and each request is a new purchase (a fresh key).
const buyers = JSON.parse(process.env.BENCH_BUYERS ?? '[]');
let nextBuyer = 0;

module.exports = function setupRequest(request, context) {
  if (context.cookie === undefined) {
    context.cookie = buyers[nextBuyer % buyers.length];
    nextBuyer += 1;
  }
  request.headers = {
    ...request.headers,
    cookie: context.cookie,
    'idempotency-key': crypto.randomUUID(),
  };
  return request;
};
