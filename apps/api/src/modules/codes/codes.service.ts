/**
 * The codes module. Here: Game Passes, issued one per Game Pack inside the transaction that
 * marks the order paid, redeemable once for GAME_PASS_CREDITS (redemption: the codes issue).
 * A code is 12 characters of Crockford base32 from a CSPRNG (60 bits), grouped XXXX-XXXX-XXXX,
 * stored as an HMAC for lookup and sealed for its owner's dashboard; never in plain text.
 */
import { randomInt } from 'node:crypto';
import { GAME_PASS_CREDITS } from '@questfield/contract';
import type { Executor } from '../../db/client';
import type { Infra } from '../../infra';
import { hashRedeemableCode } from '../../lib/redeemable-code-hash';
import { createSealedBox } from '../../lib/sealed-box';
import * as repo from './codes.repository';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 3;
const GROUP_LENGTH = 4;
const PASSES_LISTED = 200;

export function newRedeemableCode(): string {
  const group = () =>
    Array.from({ length: GROUP_LENGTH }, () => CROCKFORD[randomInt(CROCKFORD.length)]).join('');
  return Array.from({ length: GROUPS }, group).join('-');
}

export type GamePass = {
  code: string;
  orderNumber: string;
  redeemedAt: Date | null;
  createdAt: Date;
};

export function createCodesService({ db, env, clock }: Pick<Infra, 'db' | 'env' | 'clock'>) {
  const passBox = createSealedBox(env.appSecret, 'game-pass');

  return {
    /** Issues `count` Game Passes for a paid order in its transaction; returns the codes. */
    async issueGamePasses(
      tx: Executor,
      order: { id: string; ownerId: string; count: number },
    ): Promise<string[]> {
      const issued = Array.from({ length: order.count }, newRedeemableCode);
      await repo.insertGamePasses(
        tx,
        issued.map((code) => ({
          codeHash: hashRedeemableCode(env.appSecret, code),
          credits: GAME_PASS_CREDITS,
          label: `Game Pass …${code.slice(-GROUP_LENGTH)}`,
          orderId: order.id,
          ownerId: order.ownerId,
          sealedCode: passBox.seal(code),
          createdAt: clock.now(),
        })),
      );
      return issued;
    },

    async gamePasses(ownerId: string): Promise<GamePass[]> {
      const rows = await repo.listGamePasses(db, ownerId, PASSES_LISTED);
      return rows.map((row) => ({
        code: (row.sealedCode === null ? null : passBox.open(row.sealedCode)) ?? row.label,
        orderNumber: row.orderNumber,
        redeemedAt: row.redeemedAt,
        createdAt: row.createdAt,
      }));
    },
  };
}

export type CodesService = ReturnType<typeof createCodesService>;
