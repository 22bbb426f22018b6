/**
 * Square's Web Payments SDK, loaded from Square's CDN for the environment the application id
 * names (spec §5; research "Square specifics"): 'sandbox-sq0idb-' → the sandbox host,
 * 'sq0idp-' → production. Any other id raises the invalid-application-id error, as Square's own
 * loader does. Only the square card form imports this module, so it loads with that form.
 */
import { paymentsCopy } from '../copy';

/** @internal Exported for tests. */
export const SQUARE_SDK_URLS = {
  sandbox: 'https://sandbox.web.squarecdn.com/v1/square.js',
  production: 'https://web.squarecdn.com/v1/square.js',
} as const;

const PREFIXES = { sandbox: 'sandbox-sq0idb-', production: 'sq0idp-' } as const;

export class InvalidApplicationIdError extends Error {
  override readonly name = 'InvalidApplicationIdError';
  constructor() {
    super(paymentsCopy.invalidApplicationId);
  }
}

/** The SDK's address for an application id; throws InvalidApplicationIdError for any other id. */
export function squareSdkUrl(applicationId: string | null | undefined): string {
  if (applicationId?.startsWith(PREFIXES.sandbox)) return SQUARE_SDK_URLS.sandbox;
  if (applicationId?.startsWith(PREFIXES.production)) return SQUARE_SDK_URLS.production;
  throw new InvalidApplicationIdError();
}

/**
 * The part of the SDK the card form uses.
 * @internal Exported for tests.
 */
export type SquareTokenResult = {
  status: string;
  token?: string;
  errors?: ReadonlyArray<{ message?: string }>;
};
export type SquareCard = {
  attach(target: HTMLElement | string): Promise<void>;
  tokenize(): Promise<SquareTokenResult>;
  destroy(): Promise<unknown>;
};
type SquarePayments = { card(options?: Record<string, unknown>): Promise<SquareCard> };
export type SquareSdk = {
  payments(applicationId: string, locationId?: string): SquarePayments;
};

type WithSquare = Window & { Square?: SquareSdk };

const loading = new Map<string, Promise<SquareSdk>>();

/** Adds the SDK's script once per address; resolves with `window.Square`. */
export function loadSquareSdk(url: string): Promise<SquareSdk> {
  const ready = (window as WithSquare).Square;
  if (ready) return Promise.resolve(ready);
  let promise = loading.get(url);
  if (promise) return promise;
  promise = new Promise<SquareSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    const fail = () => {
      loading.delete(url);
      script.remove();
      reject(new Error(paymentsCopy.cardFormUnavailable));
    };
    script.addEventListener('load', () => {
      const sdk = (window as WithSquare).Square;
      if (sdk) resolve(sdk);
      else fail();
    });
    script.addEventListener('error', fail);
    document.head.append(script);
  });
  loading.set(url, promise);
  return promise;
}
