/**
 * What the shell needs to know about the visitor. Sign-in arrives with the accounts feature;
 * until then every visitor is signed out, and the header and menu render that variant.
 */
export type SignedInSession = {
  status: 'signed-in';
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  credits: number;
};

export type Session = { status: 'signed-out' } | SignedInSession;

export const SIGNED_OUT: Session = { status: 'signed-out' };
