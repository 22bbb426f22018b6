/** Copy of this feature; the spec's own texts come from the contract's MESSAGES. */
export const legalCopy = {
  effectiveLabel: 'Effective date:',
  contentsLabel: 'Contents',
  backToTop: 'Back to top',
} as const;
