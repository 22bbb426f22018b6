/**
 * A local stand-in for Square's CreatePayment and RefundPayment endpoints (POST /v2/payments,
 * POST /v2/refunds: a refund of one of its payments is PENDING, of another NOT_FOUND), so the square
 * adapter is exercised over real HTTP with the SDK's own serialisation. It answers the sandbox
 * test nonces as Square documents them, keeps idempotency keys, records every request, and can
 * be told to fail the next request in a way Square does (5xx, 401, a reply slower than the
 * client waits).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_NONCES } from '@questfield/contract';

export type FakeSquareRequest = {
  headers: IncomingMessage['headers'];
  body: {
    source_id?: string;
    idempotency_key?: string;
    amount_money?: { amount?: number; currency?: string };
    location_id?: string;
    reference_id?: string;
    buyer_email_address?: string;
    autocomplete?: boolean;
    payment_id?: string;
    reason?: string;
  };
};

export type FakeSquareFault = 'server-error' | 'unauthorized' | { delayMs: number };

type Reply = { status: number; body: unknown };

const DECLINES: Record<string, string> = {
  [SANDBOX_NONCES.declined]: 'GENERIC_DECLINE',
  [SANDBOX_NONCES.rejectedCvv]: 'CVV_FAILURE',
  [SANDBOX_NONCES.rejectedPostalCode]: 'ADDRESS_VERIFICATION_FAILURE',
  [SANDBOX_NONCES.rejectedExpiration]: 'INVALID_EXPIRATION',
  [SANDBOX_NONCES.alreadyUsed]: 'CARD_TOKEN_USED',
};

const error = (status: number, code: string, category: string): Reply => ({
  status,
  body: { errors: [{ code, category, detail: `Authorization error: '${code}'` }] },
});

function payFor(request: FakeSquareRequest['body'], id: string): Reply {
  const decline = DECLINES[request.source_id ?? ''];
  if (decline !== undefined) return error(400, decline, 'PAYMENT_METHOD_ERROR');
  if (request.source_id !== SANDBOX_NONCES.ok) {
    return error(400, 'INVALID_CARD_DATA', 'INVALID_REQUEST_ERROR');
  }
  return {
    status: 200,
    body: {
      payment: {
        id,
        status: 'COMPLETED',
        amount_money: request.amount_money,
        location_id: request.location_id,
        reference_id: request.reference_id,
        receipt_url: `https://squareupsandbox.com/receipt/preview/${id}`,
      },
    },
  };
}

function refundFor(request: FakeSquareRequest['body'], id: string): Reply {
  const paymentId = request.payment_id ?? '';
  if (!paymentId.startsWith('fake')) return error(404, 'NOT_FOUND', 'INVALID_REQUEST_ERROR');
  return {
    status: 200,
    body: {
      refund: {
        id: `${paymentId}_${id}`,
        status: 'PENDING',
        amount_money: request.amount_money,
        payment_id: paymentId,
        reason: request.reason,
      },
    },
  };
}

async function readJson(request: IncomingMessage): Promise<FakeSquareRequest['body']> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeSquareRequest['body'];
}

export async function startFakeSquare() {
  const requests: FakeSquareRequest[] = [];
  const byKey = new Map<string, { body: string; reply: Reply }>();
  const faults: FakeSquareFault[] = [];

  function replyTo(body: FakeSquareRequest['body']): Reply {
    const key = body.idempotency_key ?? '';
    const { idempotency_key: _key, ...rest } = body;
    const seen = byKey.get(key);
    if (seen !== undefined) {
      return seen.body === JSON.stringify(rest)
        ? seen.reply
        : error(400, 'IDEMPOTENCY_KEY_REUSED', 'INVALID_REQUEST_ERROR');
    }
    const id = `fake${String(byKey.size + 1).padStart(20, '0')}`;
    const reply = body.payment_id === undefined ? payFor(body, id) : refundFor(body, id);
    byKey.set(key, { body: JSON.stringify(rest), reply });
    return reply;
  }

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readJson(request);
      requests.push({ headers: request.headers, body });
      const fault = faults.shift();
      let reply: Reply;
      if (fault === 'server-error') reply = error(500, 'INTERNAL_SERVER_ERROR', 'API_ERROR');
      else if (fault === 'unauthorized') reply = error(401, 'UNAUTHORIZED', 'AUTHENTICATION_ERROR');
      else {
        if (fault !== undefined) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
        reply =
          request.url === '/v2/payments' || request.url === '/v2/refunds'
            ? replyTo(body)
            : error(404, 'NOT_FOUND', 'INVALID_REQUEST_ERROR');
      }
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    /** The next requests fail this way, in order. */
    failNext: (...next: FakeSquareFault[]) => faults.push(...next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
