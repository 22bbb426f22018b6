/** Copy of the shared form parts. */
export const formCopy = {
  showPassword: 'Show password',
  hidePassword: 'Hide password',
} as const;
