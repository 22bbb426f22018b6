/** An API refusal as its body reads: the contract's code and message (or the message given). */
import { ERRORS } from '@questfield/contract';

export const refusal = (code: keyof typeof ERRORS, message: string = ERRORS[code].message) => ({
  code,
  message,
});
