import { APP_NAME, APP_VERSION, type PublicConfig } from '@questfield/contract';
import type { Env } from '../../config/env';

/** The settings the SPA may know; never a secret (the Square access token stays here). */
export function publicConfigOf(env: Env): PublicConfig {
  const square = env.payment.provider === 'square' ? env.payment : null;
  return {
    appname: APP_NAME,
    appversion: APP_VERSION,
    gameOrigin: env.gameOrigin,
    resultsHosts: env.resultsHosts,
    livestreamUrl: env.livestreamUrl,
    groupChatUrl: env.groupChatUrl,
    multiplayerEnabled: env.multiplayerEnabled,
    paymentProvider: env.payment.provider,
    squareApplicationId: square?.applicationId ?? null,
    squareLocationId: square?.locationId ?? null,
  };
}
